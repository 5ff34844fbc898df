import { clipRect, EMPTY_RECT, isEmpty, type PixelRect } from './rect';

/**
 * The painted mask: one byte a pixel at exactly the base image's size, 255 where the service should change
 * the picture and 0 where it should keep it (the service's white and black). Every operation changes the
 * bytes in place and answers the rectangle it changed, so the screen redraws and history stores only that.
 */
export interface MaskBuffer {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export type Paint = 'paint' | 'erase';

export function createMask(width: number, height: number): MaskBuffer {
  return { width, height, data: new Uint8Array(width * height) };
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface BrushSettings {
  /** Diameter in image pixels. */
  readonly size: number;
  /** 0 to 1: the share of the radius painted at full strength; the rest fades out. */
  readonly hardness: number;
}

const full = (m: MaskBuffer): PixelRect => ({ x: 0, y: 0, width: m.width, height: m.height });

function apply(m: MaskBuffer, i: number, coverage: number, mode: Paint): void {
  if (coverage <= 0) return;
  const v = Math.round(coverage * 255);
  if (mode === 'paint') {
    if (m.data[i]! < v) m.data[i] = v;
  } else {
    const keep = 255 - v;
    if (m.data[i]! > keep) m.data[i] = keep;
  }
}

/**
 * One brush segment from a to b: every pixel whose centre lies within the brush radius of the segment (a
 * capsule, so fast strokes leave no gaps), full strength inside `hardness` of the radius, fading to the edge.
 */
export function strokeSegment(m: MaskBuffer, a: Point, b: Point, brush: BrushSettings, mode: Paint): PixelRect {
  const r = Math.max(0.5, brush.size / 2);
  const bounds = clipRect(
    { x: Math.min(a.x, b.x) - r - 1, y: Math.min(a.y, b.y) - r - 1, width: Math.abs(b.x - a.x) + 2 * r + 2, height: Math.abs(b.y - a.y) + 2 * r + 2 },
    m.width,
    m.height,
  );
  if (isEmpty(bounds)) return EMPTY_RECT;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const soft = r * (1 - Math.min(1, Math.max(0, brush.hardness)));
  for (let y = bounds.y; y < bounds.y + bounds.height; y++) {
    const py = y + 0.5;
    for (let x = bounds.x; x < bounds.x + bounds.width; x++) {
      const px = x + 0.5;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / len2));
      const ex = px - (a.x + t * dx);
      const ey = py - (a.y + t * dy);
      const d = Math.sqrt(ex * ex + ey * ey);
      if (d > r) continue;
      apply(m, y * m.width + x, soft === 0 ? 1 : Math.min(1, (r - d) / soft), mode);
    }
  }
  return bounds;
}

/** Sets every pixel whose centre is inside the shape. */
function fillWhere(m: MaskBuffer, box: PixelRect, inside: (px: number, py: number) => boolean, mode: Paint): PixelRect {
  const r = clipRect(box, m.width, m.height);
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) if (inside(x + 0.5, y + 0.5)) m.data[y * m.width + x] = mode === 'paint' ? 255 : 0;
  }
  return r;
}

export function fillRectangle(m: MaskBuffer, rect: PixelRect, mode: Paint): PixelRect {
  return fillWhere(m, rect, (px, py) => px >= rect.x && px < rect.x + rect.width && py >= rect.y && py < rect.y + rect.height, mode);
}

export function fillEllipse(m: MaskBuffer, rect: PixelRect, mode: Paint): PixelRect {
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  const rx = rect.width / 2;
  const ry = rect.height / 2;
  if (rx <= 0 || ry <= 0) return EMPTY_RECT;
  return fillWhere(m, rect, (px, py) => ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1, mode);
}

/** A lasso: the polygon through the points, filled by the even-odd rule at pixel centres. */
export function fillPolygon(m: MaskBuffer, points: readonly Point[], mode: Paint): PixelRect {
  if (points.length < 3) return EMPTY_RECT;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const box = clipRect({ x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs) + 1, height: Math.max(...ys) - Math.min(...ys) + 1 }, m.width, m.height);
  for (let y = box.y; y < box.y + box.height; y++) {
    const py = y + 0.5;
    const crossings: number[] = [];
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const a = points[i]!;
      const b = points[j]!;
      if (a.y > py !== b.y > py) crossings.push(a.x + ((py - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(box.x, Math.ceil(crossings[k]! - 0.5));
      const to = Math.min(box.x + box.width - 1, Math.floor(crossings[k + 1]! - 0.5));
      if (to >= from) m.data.fill(mode === 'paint' ? 255 : 0, y * m.width + from, y * m.width + to + 1);
    }
  }
  return box;
}

export function fillAll(m: MaskBuffer): PixelRect {
  m.data.fill(255);
  return full(m);
}

export function clearAll(m: MaskBuffer): PixelRect {
  m.data.fill(0);
  return full(m);
}

export function invert(m: MaskBuffer): PixelRect {
  for (let i = 0; i < m.data.length; i++) m.data[i] = 255 - m.data[i]!;
  return full(m);
}

/** Squared Euclidean distance transform in one dimension (Felzenszwalb and Huttenlocher). */
function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
    while (s <= z[k]!) {
      k--;
      s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    d[q] = (q - v[k]!) ** 2 + f[v[k]!]!;
  }
}

/** Squared distance from every pixel to the nearest pixel where `target` holds. */
function distanceTo(m: MaskBuffer, target: (v: number) => boolean): Float64Array {
  const { width: w, height: h } = m;
  const INF = 1e20;
  const grid = new Float64Array(w * h);
  for (let i = 0; i < grid.length; i++) grid[i] = target(m.data[i]!) ? 0 : INF;
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = grid[y * w + x]!;
    edt1d(f, h, d, v, z);
    for (let y = 0; y < h; y++) grid[y * w + x] = d[y]!;
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) f[x] = grid[y * w + x]!;
    edt1d(f, w, d, v, z);
    for (let x = 0; x < w; x++) grid[y * w + x] = d[x]!;
  }
  return grid;
}

/**
 * Grows (n > 0) or shrinks (n < 0) the mask by |n| pixels, measured as true distance so corners round as
 * they do in Photoshop's Expand and Contract. The mask is taken as painted where it is at least half on.
 */
export function growShrink(m: MaskBuffer, n: number): PixelRect {
  if (n === 0) return EMPTY_RECT;
  const limit = n * n;
  if (n > 0) {
    const dist = distanceTo(m, (v) => v >= 128);
    for (let i = 0; i < m.data.length; i++) m.data[i] = dist[i]! <= limit ? 255 : 0;
  } else {
    const dist = distanceTo(m, (v) => v < 128);
    for (let i = 0; i < m.data.length; i++) m.data[i] = dist[i]! <= limit ? 0 : 255;
  }
  return full(m);
}

/** Softens the edge over about n pixels: three box blurs, which approach a Gaussian. */
export function feather(m: MaskBuffer, n: number): PixelRect {
  if (n <= 0) return EMPTY_RECT;
  const radius = Math.max(1, Math.round(n / 2));
  const { width: w, height: h } = m;
  let src = new Float32Array(m.data);
  let dst = new Float32Array(src.length);
  const pass = (horizontal: boolean) => {
    const lines = horizontal ? h : w;
    const len = horizontal ? w : h;
    const at = (line: number, i: number) => (horizontal ? line * w + i : i * w + line);
    for (let line = 0; line < lines; line++) {
      let sum = 0;
      for (let i = -radius; i <= radius; i++) sum += src[at(line, Math.min(len - 1, Math.max(0, i)))]!;
      for (let i = 0; i < len; i++) {
        dst[at(line, i)] = sum / (2 * radius + 1);
        sum += src[at(line, Math.min(len - 1, i + radius + 1))]! - src[at(line, Math.max(0, i - radius))]!;
      }
    }
    [src, dst] = [dst, src];
  };
  for (let k = 0; k < 3; k++) {
    pass(true);
    pass(false);
  }
  for (let i = 0; i < m.data.length; i++) m.data[i] = Math.round(src[i]!);
  return full(m);
}

/** The mask from an image's alpha channel (RGBA bytes): transparent means change, as the fill endpoint reads it. */
export function maskFromAlpha(m: MaskBuffer, rgba: Uint8Array | Uint8ClampedArray): PixelRect {
  for (let i = 0; i < m.data.length; i++) m.data[i] = 255 - rgba[i * 4 + 3]!;
  return full(m);
}

/** The mask from a picture made in another tool (RGBA bytes): its luminance, white = change. */
export function maskFromLuminance(m: MaskBuffer, rgba: Uint8Array | Uint8ClampedArray): PixelRect {
  for (let i = 0; i < m.data.length; i++) {
    const a = rgba[i * 4 + 3]! / 255;
    m.data[i] = Math.round((0.2126 * rgba[i * 4]! + 0.7152 * rgba[i * 4 + 1]! + 0.0722 * rgba[i * 4 + 2]!) * a);
  }
  return full(m);
}

export const isBlank = (m: MaskBuffer): boolean => m.data.every((v) => v === 0);
