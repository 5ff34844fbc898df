import { create } from 'zustand';
import { activeEndpoints, findEndpoint } from '../../../../shared/catalog/catalog';
import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../../shared/catalog/field';
import { emptyDocument, type CanvasDocument, type ImageRef, type LayerId } from '../../../../shared/canvas/document';
import { canvasUse, referencesLeftOut } from '../../../../shared/canvas/request';
import { History, type HistoryEntry } from './history';
import { layerRefusal } from './layers';
import { createMask, type BrushSettings, type MaskBuffer, type Paint } from './mask/maskBuffer';
import { EMPTY_RECT, type PixelRect } from './mask/rect';
import { swapTiles, TileRecorder } from './mask/tiles';

export type Tool = 'brush' | 'eraser' | 'rect' | 'ellipse' | 'lasso' | 'box' | 'move';

export interface View {
  /** Screen pixels per image pixel. */
  readonly scale: number;
  /** Where the image's top-left corner sits in the stage, in screen pixels. */
  readonly x: number;
  readonly y: number;
}

export interface CanvasMessage {
  readonly kind: 'error' | 'info';
  readonly text: string;
}

/** Endpoints the canvas prepares inputs for: those that take an image, a mask, references, margins or boxes. */
export function canvasEndpoints(): EndpointSpec[] {
  return activeEndpoints().filter((e) => {
    const use = canvasUse(e);
    return use.imageField !== null || use.referenceFields.length > 0 || use.boxes;
  });
}

export const DEFAULT_CANVAS_ENDPOINT = 'gen-pro-1.0-fill';

interface CanvasState {
  readonly document: CanvasDocument;
  /** The painted mask at the base image's size; null until there is a base image. */
  readonly mask: MaskBuffer | null;
  /** Rises on every change of the mask's pixels; `maskDirty` is the region, for a partial redraw. */
  readonly maskVersion: number;
  readonly maskDirty: PixelRect;
  readonly tool: Tool;
  /** What shapes do: paint adds to the mask, erase removes (X swaps, as brush and eraser). */
  readonly shapeMode: Paint;
  readonly brush: BrushSettings;
  readonly view: View;
  readonly cursor: { x: number; y: number } | null;
  readonly selectedBoxId: string | null;
  readonly message: CanvasMessage | null;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly helpOpen: boolean;

  /** Replaces everything (opening a project); history starts empty. */
  load(document: CanvasDocument, mask: MaskBuffer | null): void;
  /** A change of the document as one undo step. During a gesture, steps merge until `endGesture`. */
  change(label: string, recipe: (d: CanvasDocument) => CanvasDocument): void;
  /**
   * A change of one layer's content: refused with a message while that layer is locked (or hidden, for an edit
   * made by pointing at it). Answers whether it was applied.
   */
  changeLayer(layer: LayerId, label: string, recipe: (d: CanvasDocument) => CanvasDocument, pointing?: boolean): boolean;
  beginGesture(): void;
  endGesture(label: string): void;
  /** Answers false (with a message) when the picture layer is locked. */
  setBase(image: ImageRef): boolean;
  setEndpoint(id: string): void;
  setFormValue(name: string, value: JsonValue | undefined): void;
  setLayer(id: LayerId, patch: Partial<CanvasDocument['layers'][LayerId]>): void;
  /**
   * Edits the mask's pixels as one undo step: `edit` calls `touch(rect)` before changing a region. Refused with a
   * message while the mask layer is locked or hidden; answers whether the edit was applied.
   */
  editMask(label: string, edit: (mask: MaskBuffer, touch: (r: PixelRect) => void) => PixelRect): boolean;
  /** Live painting: the stroke's pixels change at once and become one undo step at `endStroke`. */
  beginStroke(): void;
  strokeEdit(edit: (mask: MaskBuffer, touch: (r: PixelRect) => void) => PixelRect): void;
  endStroke(label: string): void;
  /** Takes back the stroke in progress without a history step (a second finger turned it into a pinch). */
  cancelStroke(): void;
  undo(): void;
  redo(): void;
  setTool(tool: Tool): void;
  swapPaint(): void;
  setBrush(patch: Partial<BrushSettings>): void;
  setView(view: View): void;
  setCursor(cursor: { x: number; y: number } | null): void;
  selectBox(id: string | null): void;
  say(message: CanvasMessage | null): void;
  toggleHelp(open?: boolean): void;
}

const history = new History();
let gestureStart: CanvasDocument | null = null;
let stroke: TileRecorder | null = null;

const flags = () => ({ canUndo: history.canUndo, canRedo: history.canRedo });
/** Documents are small JSON (pixels live in assets and the mask buffer), so comparing them whole is cheap. */
const sameDocument = (a: CanvasDocument, b: CanvasDocument) => JSON.stringify(a) === JSON.stringify(b);

export const useCanvasStore = create<CanvasState>((set, get) => {
  const record = (entry: HistoryEntry) => {
    history.push(entry);
    set(flags());
  };

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
    set({ ...patch, ...flags() });
  };

  return {
    document: emptyDocument(DEFAULT_CANVAS_ENDPOINT),
    mask: null,
    maskVersion: 0,
    maskDirty: EMPTY_RECT,
    tool: 'brush',
    shapeMode: 'paint',
    brush: { size: 40, hardness: 1 },
    view: { scale: 1, x: 0, y: 0 },
    cursor: null,
    selectedBoxId: null,
    message: null,
    canUndo: false,
    canRedo: false,
    helpOpen: false,

    load: (document, mask) => {
      history.clear();
      gestureStart = null;
      set({
        document,
        mask,
        maskVersion: get().maskVersion + 1,
        maskDirty: mask ? { x: 0, y: 0, width: mask.width, height: mask.height } : EMPTY_RECT,
        selectedBoxId: null,
        ...flags(),
      });
    },

    change: (label, recipe) => {
      const before = get().document;
      const after = recipe(before);
      // An edit that changes nothing (a stale selection, the same value again) is no step to undo.
      if (after === before || sameDocument(before, after)) return;
      set({ document: after });
      if (gestureStart === null) record({ label, document: { before, after } });
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
      gestureStart ??= get().document;
    },
    endGesture: (label) => {
      const before = gestureStart;
      gestureStart = null;
      const after = get().document;
      if (before && before !== after && !sameDocument(before, after)) record({ label, document: { before, after } });
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
        record({ label: 'Open image', document: { before: document, after } });
        return true;
      }
      set({
        document: after,
        mask: createMask(image.width, image.height),
        maskVersion: get().maskVersion + 1,
        maskDirty: { x: 0, y: 0, width: image.width, height: image.height },
        selectedBoxId: null,
      });
      record({ label: 'Open image', document: { before: document, after }, maskSwap: { mask } });
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

    editMask: (label, edit) => {
      const { mask, document } = get();
      if (!mask) return false;
      // Hidden counts too: a fill or an invert on a mask the user cannot see is a change they cannot check.
      const refusal = layerRefusal(document, 'mask', true);
      if (refusal) {
        set({ message: { kind: 'info', text: refusal } });
        return false;
      }
      const recorder = new TileRecorder(mask);
      const dirty = edit(mask, (r) => recorder.touch(r));
      const tiles = recorder.finish();
      if (tiles.length === 0) return true;
      set({ maskVersion: get().maskVersion + 1, maskDirty: dirty });
      record({ label, tiles });
      return true;
    },

    beginStroke: () => {
      const { mask } = get();
      stroke = mask ? new TileRecorder(mask) : null;
    },
    strokeEdit: (edit) => {
      const { mask } = get();
      if (!mask || !stroke) return;
      const recorder = stroke;
      const dirty = edit(mask, (r) => recorder.touch(r));
      set({ maskVersion: get().maskVersion + 1, maskDirty: dirty });
    },
    endStroke: (label) => {
      const recorder = stroke;
      stroke = null;
      if (!recorder) return;
      const tiles = recorder.finish();
      if (tiles.length > 0) record({ label, tiles });
    },

    cancelStroke: () => {
      const recorder = stroke;
      stroke = null;
      const { mask } = get();
      if (!recorder || !mask) return;
      const tiles = recorder.finish();
      if (tiles.length === 0) return;
      set({ maskDirty: swapTiles(mask, tiles), maskVersion: get().maskVersion + 1 });
    },

    undo: () => {
      if (stroke) return;
      // A control still holding focus (a slider just nudged) closes its step first, so undo takes back that edit.
      if (gestureStart) get().endGesture('Edit');
      const entry = history.undo();
      if (entry) replay(entry, 'undo');
    },
    redo: () => {
      if (stroke) return;
      if (gestureStart) get().endGesture('Edit');
      const entry = history.redo();
      if (entry) replay(entry, 'redo');
    },

    setTool: (tool) => set({ tool }),
    swapPaint: () => {
      const { tool, shapeMode } = get();
      if (tool === 'brush') set({ tool: 'eraser' });
      else if (tool === 'eraser') set({ tool: 'brush' });
      else set({ shapeMode: shapeMode === 'paint' ? 'erase' : 'paint' });
    },
    setBrush: (patch) => {
      const b = { ...get().brush, ...patch };
      set({ brush: { size: Math.max(1, Math.min(1000, Math.round(b.size))), hardness: Math.max(0, Math.min(1, b.hardness)) } });
    },
    setView: (view) => set({ view }),
    setCursor: (cursor) => set({ cursor }),
    selectBox: (id) => set({ selectedBoxId: id }),
    say: (message) => set({ message }),
    toggleHelp: (open) => set({ helpOpen: open ?? !get().helpOpen }),
  };
});

/** The endpoint the document is prepared for. */
export const selectEndpoint = (s: Pick<CanvasState, 'document'>): EndpointSpec =>
  findEndpoint(s.document.endpointId) ?? findEndpoint(DEFAULT_CANVAS_ENDPOINT)!;

/** What switching to `id` would leave out of the reference board. */
export function referencesDroppedBy(id: string, document: CanvasDocument): CanvasDocument['references'] {
  const endpoint = findEndpoint(id);
  return endpoint ? referencesLeftOut(endpoint, document) : [];
}

/** An id for a new bounding box: unique within a document, never shown. */
export const newBoxId = () => `box-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

/** For tests: the history's size. */
export const historySize = () => history.size;
