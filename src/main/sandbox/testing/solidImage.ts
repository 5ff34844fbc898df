import type { RgbaImage } from '../video/encodeMp4';

/** An opaque image of one colour. */
export function solidImage(width: number, height: number, rgb: readonly [number, number, number]): RgbaImage {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([rgb[0], rgb[1], rgb[2], 255], i * 4);
  return { width, height, rgba };
}
