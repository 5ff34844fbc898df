/** A rectangle of pixels: integer x, y, width and height. */
export interface PixelRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const EMPTY_RECT: PixelRect = { x: 0, y: 0, width: 0, height: 0 };

export const isEmpty = (r: PixelRect) => r.width <= 0 || r.height <= 0;

/** The rectangle clipped to a w x h image. */
export function clipRect(r: PixelRect, w: number, h: number): PixelRect {
  const x0 = Math.max(0, Math.floor(r.x));
  const y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(w, Math.ceil(r.x + r.width));
  const y1 = Math.min(h, Math.ceil(r.y + r.height));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : EMPTY_RECT;
}

export function unionRect(a: PixelRect, b: PixelRect): PixelRect {
  if (isEmpty(a)) return b;
  if (isEmpty(b)) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** The rectangle spanned by two corners, in either order. */
export function rectFromCorners(ax: number, ay: number, bx: number, by: number): PixelRect {
  const x = Math.min(ax, bx);
  const y = Math.min(ay, by);
  return { x, y, width: Math.abs(bx - ax), height: Math.abs(by - ay) };
}
