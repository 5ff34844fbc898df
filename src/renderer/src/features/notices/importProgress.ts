import { create } from 'zustand';
import { gen } from '../../api';
import type { Words } from '../../../../shared/i18n/words';

interface ImportProgressState {
  /** what main says it is doing with each large picture being opened, by file name: its English and its words */
  readonly steps: Readonly<Record<string, { readonly message: string; readonly words?: Words }>>;
  follow(): () => void;
}

/** Large pictures being opened (main's `assets.importing`): shown until main says each is done. */
export const useImportProgress = create<ImportProgressState>((set, get) => ({
  steps: {},
  follow: () =>
    gen.assets.onImporting(({ name, step, stepWords }) => {
      const { [name]: _done, ...rest } = get().steps;
      set({ steps: step === null ? rest : { ...rest, [name]: { message: step, ...(stepWords ? { words: stepWords } : {}) } } });
    }),
}));
