import sharp from 'sharp';
import type { Rgb } from '../outputs/random';

/** Real, decodable test images (the shared validation tests use header-only bytes; the sandbox decodes). */

export async function solidPng(width: number, height: number, rgb: Rgb = [90, 140, 200], alpha?: number): Promise<string> {
  const channels = alpha === undefined ? 3 : 4;
  const background = { r: rgb[0], g: rgb[1], b: rgb[2], ...(alpha === undefined ? {} : { alpha: alpha / 255 }) };
  return (await sharp({ create: { width, height, channels, background } }).png().toBuffer()).toString('base64');
}

/** A picture with detail in every pixel, so "unchanged" means something: a smooth ramp plus a fine checker. */
export function detailedRgba(width: number, height: number, alphaAt?: (x: number, y: number) => number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const checker = ((x >> 2) + (y >> 2)) % 2 === 0 ? 40 : 0;
      data[i] = Math.round((x * 215) / Math.max(1, width - 1) + checker);
      data[i + 1] = Math.round((y * 215) / Math.max(1, height - 1) + checker);
      data[i + 2] = (x * 7 + y * 13) % 256;
      data[i + 3] = alphaAt ? alphaAt(x, y) : 255;
    }
  }
  return data;
}

export async function rgbaToPngBase64(data: Buffer, width: number, height: number, keepAlpha = true): Promise<string> {
  let pipeline = sharp(data, { raw: { width, height, channels: 4 } });
  if (!keepAlpha) pipeline = pipeline.removeAlpha();
  return (await pipeline.png().toBuffer()).toString('base64');
}

/** A black mask with white rectangles. */
export async function maskPng(width: number, height: number, rects: readonly { x: number; y: number; w: number; h: number }[]): Promise<string> {
  const data = Buffer.alloc(width * height * 3);
  for (const r of rects) {
    for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) data.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return (await sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer()).toString('base64');
}

export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly data: Buffer;
  readonly format: string | undefined;
}

/** Decodes an output file to raw pixels (RGBA), with the format its header names. */
export async function pixelsOf(bytes: Uint8Array): Promise<Pixels> {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data, format: meta.format };
}

export const pixelAt = (p: Pixels, x: number, y: number): [number, number, number, number] => {
  const i = (y * p.width + x) * p.channels;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!, p.data[i + 3]!];
};
