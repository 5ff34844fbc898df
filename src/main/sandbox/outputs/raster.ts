import sharp from 'sharp';
import { inSlices } from './chunks';
import type { Rgb } from './random';

/** An RGBA image in memory: what every output is drawn into before it is encoded. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  /** width * height * 4 bytes, row by row. */
  readonly data: Buffer;
}

export function createRaster(width: number, height: number, fill: Rgb = [0, 0, 0]): Raster {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = fill[0];
    data[i + 1] = fill[1];
    data[i + 2] = fill[2];
    data[i + 3] = 255;
  }
  return { width, height, data };
}

export function cloneRaster(r: Raster): Raster {
  return { width: r.width, height: r.height, data: Buffer.from(r.data) };
}

const rawInput = (r: Raster) => ({ raw: { width: r.width, height: r.height, channels: 4 as const } });

/** Resizes with sharp; `cover` crops to fill, `fill` stretches. */
export async function resizeRaster(r: Raster, width: number, height: number, fit: 'cover' | 'fill' | 'inside' = 'cover'): Promise<Raster> {
  if (r.width === width && r.height === height) return r;
  const { data, info } = await sharp(r.data, rawInput(r))
    .resize(width, height, { fit, kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * Draws `src` onto `dst` with its top-left at (x, y), clipped to `dst`. `opacity` scales the source alpha;
 * a fully opaque source pixel at opacity 1 is copied byte for byte.
 */
export function blit(dst: Raster, src: Raster, x: number, y: number, opacity = 1): void {
  const x0 = Math.max(0, x);
  const y0 = Math.max(0, y);
  const x1 = Math.min(dst.width, x + src.width);
  const y1 = Math.min(dst.height, y + src.height);
  for (let row = y0; row < y1; row++) {
    let s = ((row - y) * src.width + (x0 - x)) * 4;
    let d = (row * dst.width + x0) * 4;
    for (let col = x0; col < x1; col++, s += 4, d += 4) {
      const a = (src.data[s + 3]! / 255) * opacity;
      if (a >= 1) {
        dst.data[d] = src.data[s]!;
        dst.data[d + 1] = src.data[s + 1]!;
        dst.data[d + 2] = src.data[s + 2]!;
        dst.data[d + 3] = src.data[s + 3]!;
      } else if (a > 0) {
        for (let c = 0; c < 3; c++) dst.data[d + c] = Math.round(dst.data[d + c]! * (1 - a) + src.data[s + c]! * a);
        dst.data[d + 3] = Math.round(dst.data[d + 3]! + (255 - dst.data[d + 3]!) * a);
      }
    }
  }
}

/** Fills a rectangle, clipped, blending by `opacity`. */
export function fillRect(dst: Raster, x: number, y: number, w: number, h: number, color: Rgb, opacity = 1): void {
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(dst.width, Math.floor(x + w));
  const y1 = Math.min(dst.height, Math.floor(y + h));
  for (let row = y0; row < y1; row++) {
    for (let col = x0, d = (row * dst.width + x0) * 4; col < x1; col++, d += 4) {
      for (let c = 0; c < 3; c++) dst.data[d + c] = Math.round(dst.data[d + c]! * (1 - opacity) + color[c]! * opacity);
      dst.data[d + 3] = 255;
    }
  }
}

/** Outlines a rectangle with a border `thickness` pixels wide, inside its bounds. */
export function strokeRect(dst: Raster, x: number, y: number, w: number, h: number, color: Rgb, thickness: number): void {
  const t = Math.max(1, Math.round(thickness));
  fillRect(dst, x, y, w, t, color);
  fillRect(dst, x, y + h - t, w, t, color);
  fillRect(dst, x, y, t, h, color);
  fillRect(dst, x + w - t, y, t, h, color);
}

/** The mean colour of the opaque pixels (or of all of them when none is opaque). */
export function meanColor(r: Raster): Rgb {
  let r0 = 0;
  let g0 = 0;
  let b0 = 0;
  let n = 0;
  const step = Math.max(1, Math.floor((r.width * r.height) / 65536)) * 4;
  for (let i = 0; i < r.data.length; i += step) {
    if (r.data[i + 3]! < 128) continue;
    r0 += r.data[i]!;
    g0 += r.data[i + 1]!;
    b0 += r.data[i + 2]!;
    n++;
  }
  return n === 0 ? [128, 128, 128] : [Math.round(r0 / n), Math.round(g0 / n), Math.round(b0 / n)];
}

export async function isOpaque(r: Raster): Promise<boolean> {
  let opaque = true;
  await inSlices(r.width * r.height, 1, (start, end) => {
    for (let i = start * 4 + 3; opaque && i < end * 4; i += 4) if (r.data[i] !== 255) opaque = false;
  });
  return opaque;
}
