/**
 * Where the canvas's grab handles are, computed from the document alone: the adapters draw them from this and
 * the tools hit-test against it, so no position is ever read back from Konva.
 */
import type { BoundingBox, CanvasDocument } from '../../../../../shared/canvas/document';
import type { CanvasUse } from '../../../../../shared/canvas/request';
import type { Point } from '../mask/maskBuffer';
import type { PixelRect } from '../mask/rect';
import { frameBounds } from './viewport';

export type Side = 'top' | 'bottom' | 'left' | 'right';
export const SIDES: readonly Side[] = ['top', 'bottom', 'left', 'right'];
/** Frame handles' edge on screen, whatever the zoom. */
export const FRAME_HANDLE_PX = 14;
/** Box resize anchors' edge on screen (a few pixels more are accepted around them). */
export const BOX_ANCHOR_PX = 9;
const GRAB_SLACK_PX = 3;

/** Whether the frame's handles are on the canvas: a picture, a frame the endpoint uses, the layer shown and unlocked. */
export function frameHandlesShown(document: CanvasDocument, use: CanvasUse): boolean {
  const l = document.layers.expansion;
  return document.base !== null && l.visible && !l.locked && (use.expandSides.length > 0 || (use.outpaint && document.outpaint !== null));
}

/** The centre of each frame handle, in image pixels: the middle of each side of the frame that will be sent. */
export function frameHandleCentres(document: CanvasDocument, use: CanvasUse): Record<Side, Point> | null {
  const f = frameBounds(document, use);
  if (!f) return null;
  return {
    left: { x: f.x, y: f.y + f.height / 2 },
    right: { x: f.x + f.width, y: f.y + f.height / 2 },
    top: { x: f.x + f.width / 2, y: f.y },
    bottom: { x: f.x + f.width / 2, y: f.y + f.height },
  };
}

const near = (p: Point, c: Point, halfPx: number, scale: number) => Math.abs(p.x - c.x) * scale <= halfPx && Math.abs(p.y - c.y) * scale <= halfPx;

/** The frame handle under image point `p` at zoom `scale`, if any. */
export function frameHandleAt(document: CanvasDocument, use: CanvasUse, p: Point, scale: number): Side | null {
  if (!frameHandlesShown(document, use)) return null;
  const centres = frameHandleCentres(document, use);
  if (!centres) return null;
  return SIDES.find((side) => near(p, centres[side], FRAME_HANDLE_PX / 2 + GRAB_SLACK_PX, scale)) ?? null;
}

/** A box's resize anchor: which edges it moves (-1 the left/top edge, 1 the right/bottom one, 0 neither). */
export interface Anchor {
  readonly name: string;
  readonly dx: -1 | 0 | 1;
  readonly dy: -1 | 0 | 1;
}

export const ANCHORS: readonly Anchor[] = [
  { name: 'top-left', dx: -1, dy: -1 },
  { name: 'top-center', dx: 0, dy: -1 },
  { name: 'top-right', dx: 1, dy: -1 },
  { name: 'middle-left', dx: -1, dy: 0 },
  { name: 'middle-right', dx: 1, dy: 0 },
  { name: 'bottom-left', dx: -1, dy: 1 },
  { name: 'bottom-center', dx: 0, dy: 1 },
  { name: 'bottom-right', dx: 1, dy: 1 },
];

export function anchorCentre(box: PixelRect, a: Anchor): Point {
  return { x: box.x + ((a.dx + 1) / 2) * box.width, y: box.y + ((a.dy + 1) / 2) * box.height };
}

/** The anchor of `box` under image point `p` at zoom `scale`, if any. */
export function anchorAt(box: PixelRect, p: Point, scale: number): Anchor | null {
  return ANCHORS.find((a) => near(p, anchorCentre(box, a), BOX_ANCHOR_PX / 2 + GRAB_SLACK_PX, scale)) ?? null;
}

/** The topmost box (the last drawn) under image point `p`, if any. */
export function boxAt(boxes: readonly BoundingBox[], p: Point): BoundingBox | null {
  for (let i = boxes.length - 1; i >= 0; i--) {
    const b = boxes[i]!;
    if (p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height) return b;
  }
  return null;
}

/**
 * The box after dragging `anchor` by (dx, dy) image pixels: the edges it holds move, the others stay; dragged
 * past the opposite edge it turns over, as Konva's transformer and every editor let it. At least 1 pixel.
 */
export function resized(box: PixelRect, anchor: Anchor, dx: number, dy: number): PixelRect {
  let x0 = box.x;
  let y0 = box.y;
  let x1 = box.x + box.width;
  let y1 = box.y + box.height;
  if (anchor.dx === -1) x0 += dx;
  if (anchor.dx === 1) x1 += dx;
  if (anchor.dy === -1) y0 += dy;
  if (anchor.dy === 1) y1 += dy;
  const x = Math.round(Math.min(x0, x1));
  const y = Math.round(Math.min(y0, y1));
  return { x, y, width: Math.max(1, Math.round(Math.max(x0, x1)) - x), height: Math.max(1, Math.round(Math.max(y0, y1)) - y) };
}
