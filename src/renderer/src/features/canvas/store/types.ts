import type { JsonValue } from '../../../../../shared/catalog/field';
import type { CanvasDocument, ImageRef, LayerId, VideoRef } from '../../../../../shared/canvas/document';
import type { PinAt } from '../../../../../shared/canvas/timeline';
import type { History, HistoryEntry } from '../history';
import type { BrushSettings, MaskBuffer, Paint } from '../mask/maskBuffer';
import type { PixelRect } from '../mask/rect';
import type { Note } from '../../../ui/i18n/saying';

export type Tool = 'brush' | 'eraser' | 'rect' | 'ellipse' | 'lasso' | 'box' | 'move';

export interface View {
  /** Screen pixels per image pixel. */
  readonly scale: number;
  /** Where the image's top-left corner sits in the stage, in screen pixels. */
  readonly x: number;
  readonly y: number;
}


/** The saved document and the edits of it; every edit is one undo step (or merges into the open gesture). */
export interface DocumentSlice {
  readonly document: CanvasDocument;
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
  /** Puts the document back as it was when the open gesture began, leaving no step. */
  cancelGesture(): void;
  /** Answers false (with a message) when the picture layer is locked. */
  setBase(image: ImageRef): boolean;
  setEndpoint(id: string): void;
  setFormValue(name: string, value: JsonValue | undefined): void;
  setLayer(id: LayerId, patch: Partial<CanvasDocument['layers'][LayerId]>): void;
}

/** The painted mask: a buffer at the picture's size, changed in place, with the region of the last change. */
export interface MaskSlice {
  /** The painted mask at the base image's size; null until there is a base image. */
  readonly mask: MaskBuffer | null;
  /** Rises on every change of the mask's pixels; `maskDirty` is the region, for a partial redraw. */
  readonly maskVersion: number;
  readonly maskDirty: PixelRect;
  /**
   * Edits the mask's pixels as one undo step: `edit` calls `touch(rect)` before changing a region. Refused with a
   * message while the mask layer is locked or hidden; answers whether the edit was applied.
   */
  editMask(label: string, edit: (mask: MaskBuffer, touch: (r: PixelRect) => void) => PixelRect): boolean;
}

/** The tool in hand and its settings, and the selected box. */
export interface ToolSlice {
  readonly tool: Tool;
  /** What shapes do: paint adds to the mask, erase removes (X swaps, as brush and eraser). */
  readonly shapeMode: Paint;
  readonly brush: BrushSettings;
  readonly selectedBoxId: string | null;
  setTool(tool: Tool): void;
  swapPaint(): void;
  setBrush(patch: Partial<BrushSettings>): void;
  selectBox(id: string | null): void;
}

/** How the canvas is looked at, and what it says: zoom and position, the message, the help overlay. */
export interface ViewSlice {
  readonly view: View;
  /** True while the view is the one Fit chose: a new window size then fits again. */
  readonly fitted: boolean;
  readonly message: Note | null;
  readonly helpOpen: boolean;
  /**
   * The result shown over the picture, in image pixels (an Expand or a larger model's result reaches past the
   * picture); Fit and 100% take it in. Null when none is shown.
   */
  readonly shown: PixelRect | null;
  /** `fitted` says whether the view is the Fit view (zooming and panning make it false). */
  setView(view: View, fitted?: boolean): void;
  setShown(rect: PixelRect | null): void;
  say(message: Note | null): void;
  toggleHelp(open?: boolean): void;
}

/** The video timeline: keyframes pinned to frames and the source video; every edit is one undo step. */
export interface TimelineSlice {
  /** The keyframe the canvas shows and the arrow keys move; view state, not saved. */
  readonly selectedKeyframeId: string | null;
  selectKeyframe(id: string | null): void;
  /**
   * Pins an image at a frame, or exactly at the first or last frame; onto an occupied frame it replaces that
   * keyframe's image. Answers the keyframe's id, or null when refused (an 11th keyframe) with a message said.
   */
  pinKeyframe(image: ImageRef, at: PinAt): string | null;
  /** To a frame (clamped into the clip, never onto another keyframe). Inside a gesture, a drag is one step. */
  moveKeyframe(id: string, frame: number): void;
  /** By a number of frames (±1 a frame, ±24 a second). */
  nudgeKeyframe(id: string, by: number): void;
  replaceKeyframe(id: string, image: ImageRef): void;
  removeKeyframe(id: string): void;
  /** The clip to continue or the draft to enhance. */
  setVideoSource(source: VideoRef | null): void;
}

/** Undo and redo; the stacks belong to the store that made them. */
export interface HistorySlice {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  undo(): void;
  redo(): void;
  /** The history's size, for the benchmark and tests. */
  historySize(): { entries: number; bytes: number };
}

export type CanvasState = DocumentSlice & MaskSlice & ToolSlice & ViewSlice & HistorySlice & TimelineSlice;

type SetState = (patch: Partial<CanvasState>) => void;
type GetState = () => CanvasState;

/** What the slices share that is no state to render: the history and the edits in progress. */
export interface StoreInternals {
  readonly history: History;
  /** The document when the open gesture began; steps merge until it ends. */
  gestureStart: CanvasDocument | null;
  /** Pushes a step and updates canUndo / canRedo. */
  record(entry: HistoryEntry): void;
  flags(): Pick<HistorySlice, 'canUndo' | 'canRedo'>;
}

export type Slice<T> = (set: SetState, get: GetState, internals: StoreInternals) => T;
