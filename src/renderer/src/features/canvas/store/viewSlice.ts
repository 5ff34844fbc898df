import type { Slice, ViewSlice } from './types';

export const viewSlice: Slice<ViewSlice> = (set, get) => ({
  view: { scale: 1, x: 0, y: 0 },
  fitted: false,
  message: null,
  helpOpen: false,

  setView: (view, fitted = false) => set({ view, fitted }),
  say: (message) => set({ message }),
  toggleHelp: (open) => set({ helpOpen: open ?? !get().helpOpen }),
});
