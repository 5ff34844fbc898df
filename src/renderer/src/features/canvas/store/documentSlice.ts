import { findEndpoint } from '../../../../../shared/catalog/catalog';
import { emptyDocument, type CanvasDocument } from '../../../../../shared/canvas/document';
import { layerRefusal } from '../layers';
import { createMask } from '../mask/maskBuffer';
import { EMPTY_RECT } from '../mask/rect';
import type { DocumentSlice, Slice } from './types';

export const DEFAULT_CANVAS_ENDPOINT = 'gen-pro-1.0-fill';

/** Documents are small JSON (pixels live in assets and the mask buffer), so comparing them whole is cheap. */
const sameDocument = (a: CanvasDocument, b: CanvasDocument) => JSON.stringify(a) === JSON.stringify(b);

export const documentSlice: Slice<DocumentSlice> = (set, get, h) => ({
  // Long (over 80 lines) as a zustand slice is: its actions (load, each kind of edit, the gesture and history
  // steps) share set, get and the history, and the slice's shape reads in one place.
  document: emptyDocument(DEFAULT_CANVAS_ENDPOINT),

  load: (document, mask) => {
    h.history.clear();
    h.gestureStart = null;
    set({
      document,
      mask,
      maskVersion: get().maskVersion + 1,
      maskDirty: mask ? { x: 0, y: 0, width: mask.width, height: mask.height } : EMPTY_RECT,
      selectedBoxId: null,
      selectedKeyframeId: null,
      ...h.flags(),
    });
  },

  change: (label, recipe) => {
    const before = get().document;
    const after = recipe(before);
    // An edit that changes nothing (a stale selection, the same value again) is no step to undo.
    if (after === before || sameDocument(before, after)) return;
    set({ document: after });
    if (h.gestureStart === null) h.record({ label, document: { before, after } });
  },
  changeLayer: (layer, label, recipe, pointing = false) => {
    const refusal = layerRefusal(get().document, layer, pointing);
    if (refusal) {
      set({ message: { kind: 'info', text: refusal } });
      return false;
    }
    get().change(label, recipe);
    return true;
  },
  beginGesture: () => {
    h.gestureStart ??= get().document;
  },
  endGesture: (label) => {
    const before = h.gestureStart;
    h.gestureStart = null;
    const after = get().document;
    if (before && before !== after && !sameDocument(before, after)) h.record({ label, document: { before, after } });
  },
  cancelGesture: () => {
    const before = h.gestureStart;
    h.gestureStart = null;
    if (before && before !== get().document) set({ document: before });
  },

  setBase: (image) => {
    const { document, mask } = get();
    const refusal = layerRefusal(document, 'base');
    if (refusal) {
      set({ message: { kind: 'info', text: refusal } });
      return false;
    }
    const after: CanvasDocument = { ...document, base: image };
    // The mask belongs to the picture: it stays when the new one has the same size; otherwise a blank one
    // replaces it, and undo brings the painted one back.
    if (mask && mask.width === image.width && mask.height === image.height) {
      set({ document: after });
      h.record({ label: 'Open image', document: { before: document, after } });
      return true;
    }
    set({
      document: after,
      mask: createMask(image.width, image.height),
      maskVersion: get().maskVersion + 1,
      maskDirty: { x: 0, y: 0, width: image.width, height: image.height },
      selectedBoxId: null,
    });
    h.record({ label: 'Open image', document: { before: document, after }, maskSwap: { mask } });
    return true;
  },

  setEndpoint: (id) => {
    if (!findEndpoint(id)) return;
    get().change('Switch endpoint', (d) => ({ ...d, endpointId: id }));
  },

  setFormValue: (name, value) => {
    get().change(`Edit ${name}`, (d) => {
      const current = { ...(d.formValues[d.endpointId] ?? {}) };
      if (value === undefined) delete current[name];
      else current[name] = value;
      return { ...d, formValues: { ...d.formValues, [d.endpointId]: current } };
    });
  },

  setLayer: (id, patch) => {
    get().change(`${patch.visible === undefined ? (patch.locked ? 'Lock' : 'Unlock') : patch.visible ? 'Show' : 'Hide'} ${id}`, (d) => ({
      ...d,
      layers: { ...d.layers, [id]: { ...d.layers[id], ...patch } },
    }));
  },
});
