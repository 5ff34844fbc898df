import type { CanvasStore } from '../../canvasStore';
import type { Point } from '../../mask/maskBuffer';
import type { PixelRect } from '../../mask/rect';

/** A pointer event as tools see it. */
export interface ToolEvent {
  /** in image pixels */
  readonly point: Point;
  /** in stage (screen) pixels */
  readonly screen: Point;
  /** true when the pointer is on the stage itself, not on a box or a handle (which take their own drags) */
  readonly onStage: boolean;
}

/** The previews a tool draws while its gesture lasts (GuidesAdapter on the stage). */
export interface Guides {
  polygon(points: readonly Point[]): void;
  rectangle(r: PixelRect): void;
  ellipse(r: PixelRect): void;
  hidePreview(): void;
}

export interface ToolContext {
  readonly store: CanvasStore;
  readonly guides: Guides;
}

/**
 * A canvas tool, as tldraw's are: a small state machine that is idle until `down` takes a gesture (answering
 * true), follows it with `move`, and ends it with `up` (which commits) or `cancel` (which takes it back and
 * leaves no undo step).
 */
export interface CanvasTool {
  down(e: ToolEvent): boolean;
  move(e: ToolEvent): void;
  up(e: ToolEvent): void;
  cancel(): void;
}
