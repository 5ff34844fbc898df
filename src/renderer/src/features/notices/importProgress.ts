import { create } from 'zustand';
import { gen } from '../../api';

interface ImportProgressState {
  /** what main says it is doing with each large picture being opened, by file name */
  readonly steps: Readonly<Record<string, string>>;
  follow(): () => void;
}

/** Large pictures being opened (main's `assets.importing`): shown until main says each is done. */
export const useImportProgress = create<ImportProgressState>((set, get) => ({
  steps: {},
  follow: () =>
    gen.assets.onImporting(({ name, step }) => {
      const { [name]: _done, ...rest } = get().steps;
      set({ steps: step === null ? rest : { ...rest, [name]: step } });
    }),
}));
