import type { CanvasDocument } from '../../../../../shared/canvas/document';
import type { CanvasUse } from '../../../../../shared/canvas/request';
import type { Point } from '../mask/maskBuffer';
import type { PixelRect } from '../mask/rect';
import type { View } from '../store/types';

/**
 * Zoom, pan, pinch and fit as plain functions of a view (scale and position) and the stage's size: no Konva,
 * so each is tested alone. The manager applies what they answer.
 */

const MIN_SCALE = 0.02;
const MAX_SCALE = 32;
/** Room left around the frame when fitting, in screen pixels. */
export const FIT_MARGIN = 24;

export interface StageSize {
  readonly width: number;
  readonly height: number;
}

const clampScale = (scale: number) => Math.max(MIN_SCALE, Math.min(MAX_SCALE, scale));

/**
 * Everything that will be sent, in image pixels: the picture with its expansion margins, or the outpainting
 * frame, for the endpoints that use them; the picture alone otherwise. Null without a picture.
 */
export function frameBounds(document: CanvasDocument, use: CanvasUse): PixelRect | null {
  const base = document.base;
  if (!base) return null;
  if (use.outpaint && document.outpaint) {
    const o = document.outpaint;
    return { x: -o.offsetX, y: -o.offsetY, width: o.width, height: o.height };
  }
  if (use.expandSides.length > 0) {
    const e = document.expansion;
    return { x: -e.left, y: -e.top, width: base.width + e.left + e.right, height: base.height + e.top + e.bottom };
  }
  return { x: 0, y: 0, width: base.width, height: base.height };
}

/** The smallest rectangle holding both; `b` may be absent. */
export function unionRect(a: PixelRect, b: PixelRect | null): PixelRect {
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** Whether all of `rect` (image pixels) is on the stage at `view`. */
export function showsWhole(view: View, rect: PixelRect, stage: StageSize): boolean {
  const left = view.x + rect.x * view.scale;
  const top = view.y + rect.y * view.scale;
  return left >= 0 && top >= 0 && left + rect.width * view.scale <= stage.width && top + rect.height * view.scale <= stage.height;
}

/**
 * Scale and position that show the whole of `bounds`, centred, with a margin; `maxScale` 1 never enlarges past 100%
 * (the gallery's full view).
 */
export function fitView(bounds: PixelRect, stage: StageSize, o: { margin?: number; maxScale?: number } = {}): View {
  const margin = o.margin ?? FIT_MARGIN;
  const room = { width: Math.max(1, stage.width - 2 * margin), height: Math.max(1, stage.height - 2 * margin) };
  const scale = clampScale(Math.min(o.maxScale ?? MAX_SCALE, room.width / Math.max(1, bounds.width), room.height / Math.max(1, bounds.height)));
  return {
    scale,
    x: Math.round((stage.width - bounds.width * scale) / 2 - bounds.x * scale),
    y: Math.round((stage.height - bounds.height * scale) / 2 - bounds.y * scale),
  };
}

/** 100%: one image pixel to one screen pixel, centred on `bounds`. */
export function actualSizeView(bounds: PixelRect, stage: StageSize): View {
  return { scale: 1, x: Math.round((stage.width - bounds.width) / 2 - bounds.x), y: Math.round((stage.height - bounds.height) / 2 - bounds.y) };
}

/** Zooms by `factor`, keeping the image point under the screen point `at` in place. */
export function zoomAt(view: View, factor: number, at: Point): View {
  const scale = clampScale(view.scale * factor);
  const ix = (at.x - view.x) / view.scale;
  const iy = (at.y - view.y) / view.scale;
  return { scale, x: at.x - ix * scale, y: at.y - iy * scale };
}

/** The view moved by a screen distance. */
export const panBy = (view: View, dx: number, dy: number): View => ({ ...view, x: view.x + dx, y: view.y + dy });

/** The wheel's zoom factor: a trackpad pinch arrives as a wheel event with ctrlKey and moves in finer steps. */
export const wheelFactor = (deltaY: number, ctrlKey: boolean) => Math.exp(-deltaY * (ctrlKey ? 0.01 : 0.0015));

/**
 * A new stage size: a fitted view fits again; any other keeps its scale and keeps the image point that was at
 * the stage's centre at the new centre, so the picture never slides off a shrinking window.
 */
export function resizeView(view: View, fitted: boolean, bounds: PixelRect | null, before: StageSize, after: StageSize): View {
  if (fitted && bounds) return fitView(bounds, after);
  return { ...view, x: view.x + (after.width - before.width) / 2, y: view.y + (after.height - before.height) / 2 };
}

/**
 * Two fingers: the image point under their first midpoint follows the midpoint, and the scale follows their
 * distance, so a pinch zooms and pans at once.
 */
export class Pinch {
  private readonly touches = new Map<number, Point>();
  private start: { distance: number; mid: Point; view: View } | null = null;

  get active(): boolean {
    return this.start !== null;
  }

  /** A finger landed or moved; answers the view while two are down (null otherwise). */
  move(id: number, at: Point, view: View, landing: boolean): { view: View; began: boolean } | null {
    if (!landing && !this.touches.has(id)) return null;
    this.touches.set(id, at);
    if (this.touches.size < 2) return null;
    const [a, b] = [...this.touches.values()] as [Point, Point];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const distance = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
    if (!this.start) {
      this.start = { distance, mid, view };
      return { view, began: true };
    }
    const s = this.start;
    const scale = clampScale(s.view.scale * (distance / s.distance));
    const ix = (s.mid.x - s.view.x) / s.view.scale;
    const iy = (s.mid.y - s.view.y) / s.view.scale;
    return { view: { scale, x: mid.x - ix * scale, y: mid.y - iy * scale }, began: false };
  }

  /** A finger lifted; answers whether the event belonged to a pinch. */
  lift(id: number): boolean {
    this.touches.delete(id);
    if (!this.start) return false;
    if (this.touches.size < 2) this.start = null;
    return true;
  }
}
