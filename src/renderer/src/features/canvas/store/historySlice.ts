import type { HistoryEntry } from '../history';
import { swapTiles } from '../mask/tiles';
import type { CanvasState, HistorySlice, Slice } from './types';

export const historySlice: Slice<HistorySlice> = (set, get, h) => {
  const replay = (entry: HistoryEntry, direction: 'undo' | 'redo') => {
    const { mask, maskVersion } = get();
    const patch: { -readonly [K in keyof CanvasState]?: CanvasState[K] } = {};
    if (entry.document) patch.document = direction === 'undo' ? entry.document.before : entry.document.after;
    if (entry.maskSwap) {
      // The picture changed size: the other side's whole mask comes back, painted pixels included.
      patch.mask = entry.maskSwap.mask;
      entry.maskSwap.mask = mask;
      patch.maskVersion = maskVersion + 1;
      patch.maskDirty = { x: 0, y: 0, width: patch.mask?.width ?? 0, height: patch.mask?.height ?? 0 };
    } else if (entry.tiles && mask) {
      patch.maskDirty = swapTiles(mask, entry.tiles);
      patch.maskVersion = maskVersion + 1;
    }
    set({ ...patch, ...h.flags(), message: null });
  };
  // A control still holding focus (a slider just nudged) closes its step first, so undo takes back that edit.
  const closeGesture = () => {
    if (h.gestureStart) get().endGesture('Edit');
  };
  return {
    canUndo: false,
    canRedo: false,
    undo: () => {
      closeGesture();
      const entry = h.history.undo();
      if (entry) replay(entry, 'undo');
    },
    redo: () => {
      closeGesture();
      const entry = h.history.redo();
      if (entry) replay(entry, 'redo');
    },
    historySize: () => h.history.size,
  };
};
