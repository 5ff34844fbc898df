import { create } from 'zustand';

interface CursorState {
  /** The pointer in image pixels, or null when it is off the canvas. */
  readonly cursor: { readonly x: number; readonly y: number } | null;
  setCursor(cursor: { x: number; y: number } | null): void;
}

/**
 * The pointer's position, apart from the canvas store: it changes on every pointer move, and only the readout
 * and the brush ring follow it, so a move never re-runs the sync of every layer.
 */
export const useCursorStore = create<CursorState>((set) => ({
  cursor: null,
  setCursor: (cursor) => set({ cursor }),
}));
