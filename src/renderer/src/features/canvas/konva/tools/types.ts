import type { CanvasStore } from '../../canvasStore';
import type { Paint, Point } from '../../mask/maskBuffer';
import type { PixelRect } from '../../mask/rect';
import type { StrokeBuffer } from '../../mask/strokeBuffer';

/** A pointer event as tools see it. */
export interface ToolEvent {
  /** in image pixels */
  readonly point: Point;
  /** in stage (screen) pixels */
  readonly screen: Point;
}

/** The previews a tool draws while its gesture lasts (GuidesAdapter on the stage). */
export interface Guides {
  polygon(points: readonly Point[]): void;
  rectangle(r: PixelRect): void;
  ellipse(r: PixelRect): void;
  hidePreview(): void;
}

/** The brush stroke in progress, drawn over the mask from its own buffer (MaskAdapter). */
export interface StrokePreview {
  /** Shows `region` of the mask as it will be once the stroke is committed. */
  showStroke(stroke: StrokeBuffer, mode: Paint, region: PixelRect): void;
  /** The next change of the mask is this stroke, already on screen: it needs no redraw. */
  commitStroke(): void;
  /** The stroke is over; if it was not committed, its region shows the mask again. */
  endStroke(): void;
}

export interface ToolContext {
  readonly store: CanvasStore;
  readonly guides: Guides;
  readonly stroke: StrokePreview;
}

/**
 * A canvas tool, as tldraw's are: a small state machine that is idle until `down` takes a gesture (answering
 * true), follows it with `move`, and ends it with `up` (which commits) or `cancel` (which takes it back and
 * leaves no undo step). Tools hit-test the document themselves (boxes, handles); nothing is read from Konva.
 */
export interface CanvasTool {
  down(e: ToolEvent): boolean;
  move(e: ToolEvent): void;
  up(e: ToolEvent): void;
  cancel(): void;
}
