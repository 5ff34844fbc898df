import { create } from 'zustand';
import type { LibraryItem } from '../../../shared/ipc/contract';
import { gen } from '../api';

interface LibraryState {
  readonly items: readonly LibraryItem[];
  readonly loaded: boolean;
  readonly error: string | null;
  load(): Promise<void>;
  follow(): () => void;
}

export const useLibraryStore = create<LibraryState>((set, get) => ({
  items: [],
  loaded: false,
  error: null,
  load: async () => {
    const result = await gen.library.list();
    set(result.ok ? { items: result.value, loaded: true, error: null } : { error: result.error.message, loaded: true });
  },
  follow: () =>
    gen.library.onAdded((item) => {
      if (!get().items.some((i) => i.id === item.id)) set({ items: [item, ...get().items] });
    }),
}));
