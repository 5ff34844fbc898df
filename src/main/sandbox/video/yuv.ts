/**
 * Pictures as the encoder holds them: 4:2:0 planes in BT.709 limited range, the colour space the SPS
 * declares, so a browser converts them back to the RGB they came from.
 */

export type Rgb = readonly [number, number, number];
export interface Yuv {
  readonly y: number;
  readonly cb: number;
  readonly cr: number;
}

/** An RGBA image, row by row, 4 bytes a pixel. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
}

export interface Planes {
  /** Luma size; whole macroblocks (multiples of 16). */
  readonly width: number;
  readonly height: number;
  readonly y: Uint8Array;
  readonly cb: Uint8Array;
  readonly cr: Uint8Array;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const KR = 0.2126;
const KB = 0.0722;
const clampTo = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : Math.round(v));

export function rgbToYuv(r: number, g: number, b: number): Yuv {
  const luma = KR * r + (1 - KR - KB) * g + KB * b;
  return {
    y: clampTo(16 + (219 * luma) / 255, 16, 235),
    cb: clampTo(128 + (224 * (b - luma)) / (2 * (1 - KB) * 255), 16, 240),
    cr: clampTo(128 + (224 * (r - luma)) / (2 * (1 - KR) * 255), 16, 240),
  };
}

export function createPlanes(width: number, height: number): Planes {
  return {
    width,
    height,
    y: new Uint8Array(width * height),
    cb: new Uint8Array((width / 2) * (height / 2)),
    cr: new Uint8Array((width / 2) * (height / 2)),
  };
}

/** Fills a rectangle (even coordinates and size, so chroma samples are never shared with a neighbour). */
export function fillRect(p: Planes, rect: Rect, color: Yuv): void {
  const { x, y, width, height } = clip(p, rect);
  for (let row = y; row < y + height; row++) p.y.fill(color.y, row * p.width + x, row * p.width + x + width);
  const cw = p.width / 2;
  for (let row = y / 2; row < (y + height) / 2; row++) {
    p.cb.fill(color.cb, row * cw + x / 2, row * cw + (x + width) / 2);
    p.cr.fill(color.cr, row * cw + x / 2, row * cw + (x + width) / 2);
  }
}

/** Draws an RGBA image with its top-left corner at an even (x, y), blending alpha over `under`. */
export function drawImage(p: Planes, image: RgbaImage, x: number, y: number, under: Rgb): void {
  const { width: w, rgba } = image;
  // An odd last row or column is dropped: 4:2:0 chroma covers pixels in pairs.
  const evenW = image.width & ~1;
  const evenH = image.height & ~1;
  const cw = p.width / 2;
  const ch = p.height / 2;
  const kg = 1 - KR - KB;
  for (let j = 0; j < evenH; j += 2) {
    const cy = (y + j) / 2;
    if (cy < 0 || cy >= ch) continue;
    for (let i = 0; i < evenW; i += 2) {
      const cx = (x + i) / 2;
      if (cx < 0 || cx >= cw) continue;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      for (let d = 0; d < 4; d++) {
        const dx = d & 1;
        const dy = d >> 1;
        const at = ((j + dy) * w + i + dx) * 4;
        const a = rgba[at + 3]! / 255;
        const r = rgba[at]! * a + under[0] * (1 - a);
        const g = rgba[at + 1]! * a + under[1] * (1 - a);
        const b = rgba[at + 2]! * a + under[2] * (1 - a);
        sr += r;
        sg += g;
        sb += b;
        p.y[(y + j + dy) * p.width + x + i + dx] = clampTo(16 + (219 * (KR * r + kg * g + KB * b)) / 255, 16, 235);
      }
      const c = rgbToYuv(sr / 4, sg / 4, sb / 4);
      p.cb[cy * cw + cx] = c.cb;
      p.cr[cy * cw + cx] = c.cr;
    }
  }
}

function clip(p: Planes, r: Rect): Rect {
  const x = Math.max(0, r.x);
  const y = Math.max(0, r.y);
  return { x, y, width: Math.max(0, Math.min(p.width, r.x + r.width) - x), height: Math.max(0, Math.min(p.height, r.y + r.height) - y) };
}

/** The macroblock indices a rectangle touches, in raster order. */
export function macroblocksOf(p: Planes, rect: Rect): number[] {
  const r = clip(p, rect);
  if (r.width === 0 || r.height === 0) return [];
  const mbW = p.width / 16;
  const out: number[] = [];
  for (let my = Math.floor(r.y / 16); my <= Math.floor((r.y + r.height - 1) / 16); my++) {
    for (let mx = Math.floor(r.x / 16); mx <= Math.floor((r.x + r.width - 1) / 16); mx++) out.push(my * mbW + mx);
  }
  return out;
}

/** Where a macroblock's luma starts; its chroma starts at half of each. */
function macroblockOrigin(p: Planes, mb: number): { x: number; y: number } {
  const mbW = p.width / 16;
  return { x: (mb % mbW) * 16, y: Math.floor(mb / mbW) * 16 };
}

/** Copies one macroblock's 384 samples (256 luma, 64 Cb, 64 Cr) into `out` at `at`: I_PCM's order. */
export function readMacroblock(p: Planes, mb: number, out: Uint8Array, at = 0): void {
  const { x, y } = macroblockOrigin(p, mb);
  // Plain loops: subarray views per row cost more than the copying itself.
  let o = at;
  for (let row = 0; row < 16; row++) {
    const from = (y + row) * p.width + x;
    for (let i = 0; i < 16; i++) out[o++] = p.y[from + i]!;
  }
  const cw = p.width / 2;
  for (const plane of [p.cb, p.cr]) {
    for (let row = 0; row < 8; row++) {
      const from = (y / 2 + row) * cw + x / 2;
      for (let i = 0; i < 8; i++) out[o++] = plane[from + i]!;
    }
  }
}

/** Copies a rectangle (even coordinates and size) from planes of the same size. */
export function copyRect(from: Planes, to: Planes, rect: Rect): void {
  const { x, y, width, height } = clip(to, rect);
  for (let row = y; row < y + height; row++) to.y.set(from.y.subarray(row * to.width + x, row * to.width + x + width), row * to.width + x);
  const cw = to.width / 2;
  for (let row = y / 2; row < (y + height) / 2; row++) {
    const start = row * cw + x / 2;
    const end = row * cw + (x + width) / 2;
    to.cb.set(from.cb.subarray(start, end), start);
    to.cr.set(from.cr.subarray(start, end), start);
  }
}

/** A macroblock's samples in I_PCM's order: 256 luma, then 64 Cb, then 64 Cr. */
const MB_LUMA = 256;
const MB_CHROMA = 64;
const mbSamples = new Uint8Array(MB_LUMA + 2 * MB_CHROMA);

/** The colour of a macroblock whose samples are all one colour; undefined otherwise. */
export function macroblockColour(p: Planes, mb: number): Yuv | undefined {
  readMacroblock(p, mb, mbSamples);
  const colour = { y: mbSamples[0]!, cb: mbSamples[MB_LUMA]!, cr: mbSamples[MB_LUMA + MB_CHROMA]! };
  for (let i = 0; i < mbSamples.length; i++) {
    const want = i < MB_LUMA ? colour.y : i < MB_LUMA + MB_CHROMA ? colour.cb : colour.cr;
    if (mbSamples[i] !== want) return undefined;
  }
  return colour;
}

export function clonePlanes(p: Planes): Planes {
  return { width: p.width, height: p.height, y: p.y.slice(), cb: p.cb.slice(), cr: p.cr.slice() };
}

/** Writes one macroblock's 384 samples in I_PCM's order (the reverse of `readMacroblock`). */
export function writeMacroblock(p: Planes, mb: number, data: Uint8Array, at = 0): void {
  const { x, y } = macroblockOrigin(p, mb);
  let o = at;
  for (let row = 0; row < 16; row++) {
    p.y.set(data.subarray(o, o + 16), (y + row) * p.width + x);
    o += 16;
  }
  const cw = p.width / 2;
  for (const plane of [p.cb, p.cr]) {
    for (let row = 0; row < 8; row++) {
      plane.set(data.subarray(o, o + 8), (y / 2 + row) * cw + x / 2);
      o += 8;
    }
  }
}

/**
 * Resamples the visible picture of `from` (fromW × fromH) to that of `to` (toW × toH), bilinearly, plane by
 * plane; only within `rect` of `to` (even coordinates) when given. The padding past the visible size repeats
 * the edge.
 */
export function scalePlanes(from: Planes, fromW: number, fromH: number, to: Planes, toW: number, toH: number, rect?: Rect): void {
  const r = rect ? clip(to, rect) : { x: 0, y: 0, width: to.width, height: to.height };
  scalePlane(from.y, from.width, fromW, fromH, to.y, to.width, toW, toH, r.x, r.y, r.width, r.height);
  const half = { x: r.x / 2, y: r.y / 2, width: r.width / 2, height: r.height / 2 };
  for (const [src, dst] of [[from.cb, to.cb], [from.cr, to.cr]] as const) {
    scalePlane(src, from.width / 2, fromW / 2, fromH / 2, dst, to.width / 2, toW / 2, toH / 2, half.x, half.y, half.width, half.height);
  }
}

function scalePlane(src: Uint8Array, srcStride: number, srcW: number, srcH: number, dst: Uint8Array, dstStride: number, dstW: number, dstH: number, x0: number, y0: number, w: number, h: number): void {
  const sx = srcW / dstW;
  const sy = srcH / dstH;
  const xs = new Int32Array(w);
  const xw = new Float32Array(w);
  for (let i = 0; i < w; i++) {
    const fx = Math.min(srcW - 1, Math.max(0, (Math.min(x0 + i, dstW - 1) + 0.5) * sx - 0.5));
    xs[i] = Math.min(srcW - 2, Math.floor(fx));
    xw[i] = fx - xs[i]!;
    if (srcW === 1) {
      xs[i] = 0;
      xw[i] = 0;
    }
  }
  for (let j = 0; j < h; j++) {
    const fy = Math.min(srcH - 1, Math.max(0, (Math.min(y0 + j, dstH - 1) + 0.5) * sy - 0.5));
    const y = srcH === 1 ? 0 : Math.min(srcH - 2, Math.floor(fy));
    const wy = srcH === 1 ? 0 : fy - y;
    const top = y * srcStride;
    const bottom = (srcH === 1 ? y : y + 1) * srcStride;
    const out = (y0 + j) * dstStride + x0;
    for (let i = 0; i < w; i++) {
      const x = xs[i]!;
      const wx = xw[i]!;
      const x1 = srcW === 1 ? x : x + 1;
      const a = src[top + x]! + (src[top + x1]! - src[top + x]!) * wx;
      const b = src[bottom + x]! + (src[bottom + x1]! - src[bottom + x]!) * wx;
      dst[out + i] = Math.round(a + (b - a) * wy);
    }
  }
}
