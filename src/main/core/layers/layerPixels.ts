import sharp from 'sharp';
import type { GreyPixels, RgbaPixels } from '../../../shared/layers/layeredDocument';
import { MAX_LAYERED_EDGE } from './layeredRead';

export const LIMIT = MAX_LAYERED_EDGE * MAX_LAYERED_EDGE;
const bytesOf = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** 8-bit sRGB pixels, interleaved: RGB (3 bands) for a picture with no alpha, RGBA (4) otherwise. */
export interface BandPixels extends RgbaPixels {
  readonly bands: 3 | 4;
}

/** Any picture sharp reads, as 8-bit RGBA (decoded on sharp's threads). */
export async function decodeRgba(bytes: Uint8Array | string): Promise<RgbaPixels> {
  return decodeBands(bytes, true);
}

/**
 * Any picture sharp reads as 8-bit sRGB, with an alpha band only when asked: a picture whose file has no alpha is
 * decoded to three bands, a quarter less memory to fill and nothing for sharp to add.
 */
export async function decodeBands(bytes: Uint8Array | string, alpha: boolean): Promise<BandPixels> {
  const srgb = sharp(bytes, { limitInputPixels: LIMIT }).toColourspace('srgb');
  const { data, info } = await (alpha ? srgb.ensureAlpha() : srgb.removeAlpha()).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 && info.channels !== 4) throw new Error(`the picture decoded to ${info.channels} bands`);
  return { width: info.width, height: info.height, bands: info.channels, data: bytesOf(data) };
}

/** A picture's first channel as one byte a pixel: a grey mask PNG as the studio writes it. */
export async function decodeGrey(bytes: Uint8Array): Promise<GreyPixels> {
  const { data, info } = await sharp(bytes, { limitInputPixels: LIMIT }).extractChannel(0).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: bytesOf(data) };
}

/** Grey as opaque RGBA, for the mask's own visible layer. */
export function greyAsRgba(grey: GreyPixels): RgbaPixels {
  const data = new Uint8Array(grey.width * grey.height * 4);
  for (let i = 0, o = 0; i < grey.data.length; i++, o += 4) {
    const v = grey.data[i]!;
    data[o] = v;
    data[o + 1] = v;
    data[o + 2] = v;
    data[o + 3] = 255;
  }
  return { width: grey.width, height: grey.height, data };
}

export const rawInput = (p: RgbaPixels) => ({ input: asBuffer(p.data), raw: { width: p.width, height: p.height, channels: 4 as const } });

/** The part of a placed layer inside the document, with its new offset; null when none of it is inside. */
function inside(l: { pixels: RgbaPixels; left: number; top: number }, width: number, height: number): { pixels: RgbaPixels; left: number; top: number } | null {
  const x0 = Math.max(0, l.left);
  const y0 = Math.max(0, l.top);
  const x1 = Math.min(width, l.left + l.pixels.width);
  const y1 = Math.min(height, l.top + l.pixels.height);
  if (x1 <= x0 || y1 <= y0) return null;
  if (x0 === l.left && y0 === l.top && x1 - x0 === l.pixels.width && y1 - y0 === l.pixels.height) return l;
  const w = x1 - x0;
  const data = new Uint8Array(w * (y1 - y0) * 4);
  for (let y = y0; y < y1; y++) {
    const from = ((y - l.top) * l.pixels.width + (x0 - l.left)) * 4;
    data.set(l.pixels.data.subarray(from, from + w * 4), (y - y0) * w * 4);
  }
  return { pixels: { width: w, height: y1 - y0, data }, left: x0, top: y0 };
}

/** Layers over transparency at their offsets, cut to the document (sharp composites on its own threads). */
export async function stack(width: number, height: number, layers: ReadonlyArray<{ pixels: RgbaPixels; left: number; top: number }>): Promise<RgbaPixels> {
  const placed = layers.map((l) => inside(l, width, height)).filter((l) => l !== null);
  const { data } = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(placed.map((l) => ({ ...rawInput(l.pixels), left: l.left, top: l.top })))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, data: bytesOf(data) };
}

export async function encodePng(p: RgbaPixels | GreyPixels, channels: 1 | 4): Promise<Uint8Array> {
  const image = sharp(asBuffer(p.data), { raw: { width: p.width, height: p.height, channels } });
  return bytesOf(await (channels === 1 ? image.toColourspace('b-w') : image).png({ compressionLevel: 6 }).toBuffer());
}
