import { create } from 'zustand';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { History, type HistoryLimits } from './history';
import { DEFAULT_CANVAS_ENDPOINT, documentSlice } from './store/documentSlice';
import { historySlice } from './store/historySlice';
import { maskSlice } from './store/maskSlice';
import { timelineSlice } from './store/timelineSlice';
import { toolSlice } from './store/toolSlice';
import type { CanvasState, StoreInternals } from './store/types';
import { viewSlice } from './store/viewSlice';

export type {  CanvasState, Tool, View } from './store/types';
export { DEFAULT_CANVAS_ENDPOINT } from './store/documentSlice';

/**
 * A canvas store: the document, mask, tool and view slices (store/*Slice.ts) over one history that belongs to
 * this store alone. The app has one (`useCanvasStore`); tests make their own.
 */
export function createCanvasStore(limits?: HistoryLimits) {
  return create<CanvasState>((set, get) => {
    const history = new History(limits);
    const internals: StoreInternals = {
      history,
      gestureStart: null,
      flags: () => ({ canUndo: history.canUndo, canRedo: history.canRedo }),
      // A message speaks of the action just taken: the next step (or undo, redo, another tool) is something else,
      // so it goes. A message said after its own step (the mask loaded, then "The mask now comes from…") stays.
      record: (entry) => {
        history.push(entry);
        set({ ...internals.flags(), message: null });
      },
    };
    return {
      ...documentSlice(set, get, internals),
      ...maskSlice(set, get, internals),
      ...toolSlice(set, get, internals),
      ...viewSlice(set, get, internals),
      ...historySlice(set, get, internals),
      ...timelineSlice(set, get, internals),
    };
  });
}

export type CanvasStore = ReturnType<typeof createCanvasStore>;

export const useCanvasStore = createCanvasStore();

/** The endpoint the document is prepared for. */
export const selectEndpoint = (s: Pick<CanvasState, 'document'>): EndpointSpec =>
  findEndpoint(s.document.endpointId) ?? findEndpoint(DEFAULT_CANVAS_ENDPOINT)!;

/** An id for a new bounding box: unique within a document, never shown. */
export const newBoxId = () => `box-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

/** For tests and the benchmark: the app store's history size. */
export const historySize = () => useCanvasStore.getState().historySize();
