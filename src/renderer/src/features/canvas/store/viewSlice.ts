import type { Slice, ViewSlice } from './types';

export const viewSlice: Slice<ViewSlice> = (set, get) => ({
  view: { scale: 1, x: 0, y: 0 },
  fitted: false,
  message: null,
  helpOpen: false,
  shown: null,

  setView: (view, fitted = false) => set({ view, fitted }),
  setShown: (shown) => {
    const was = get().shown;
    if (was === shown || (was && shown && was.x === shown.x && was.y === shown.y && was.width === shown.width && was.height === shown.height)) return;
    set({ shown });
  },
  say: (message) => set({ message }),
  toggleHelp: (open) => set({ helpOpen: open ?? !get().helpOpen }),
});
