/**
 * Pixels in and out of the browser: stored images are read through a canvas, the mask is written as a PNG.
 * PNG keeps every value exactly, so what is exported is what the screen shows.
 */
import { encodeMaskPng } from './mask/encodeMaskPng';
import type { MaskBuffer } from './mask/maskBuffer';
import { saying, SayingError } from '../../ui/i18n/saying';

export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    // Stored images are served with CORS so their pixels can be read (mask from alpha, alpha export).
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new SayingError(saying('canvas.pixels.imageNotLoaded')));
    img.src = url;
  });
}

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new SayingError(saying('canvas.pixels.cannotDraw'));
  return [canvas, ctx];
}

/** RGBA pixels of a decodable image source at its own size. */
export function rgbaOf(source: CanvasImageSource, width: number, height: number): Uint8ClampedArray {
  const [, ctx] = canvasOf(width, height);
  ctx.drawImage(source, 0, 0);
  return ctx.getImageData(0, 0, width, height).data;
}

async function decodeBytes(bytes: Uint8Array): Promise<ImageBitmap> {
  return createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>]));
}

async function pngOf(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new SayingError(saying('canvas.pixels.pngNotWritten'));
  return new Uint8Array(await blob.arrayBuffer());
}

/** The mask as the one-channel PNG the service receives, encoded off the page's thread. */
export function maskPng(mask: MaskBuffer): Promise<Uint8Array> {
  return encodeMaskPng(mask);
}

/**
 * Writes the mask into the alpha of RGBA pixels of the mask's size, in place: painted (255) becomes transparent
 * (0), unpainted stays opaque, a soft edge is as transparent as it is painted; colours are left alone.
 */
export function putMaskInAlpha(rgba: Uint8ClampedArray, mask: MaskBuffer): void {
  if (rgba.length !== mask.width * mask.height * 4) throw new SayingError(saying('canvas.pixels.maskSize'));
  for (let i = 0; i < mask.data.length; i++) rgba[i * 4 + 3] = 255 - mask.data[i]!;
}

/** The base image with the mask in its alpha channel: transparent where the service should change it. */
export async function alphaPng(base: CanvasImageSource, mask: MaskBuffer): Promise<Uint8Array> {
  const [canvas, ctx] = canvasOf(mask.width, mask.height);
  ctx.drawImage(base, 0, 0);
  const image = ctx.getImageData(0, 0, mask.width, mask.height);
  putMaskInAlpha(image.data, mask);
  ctx.putImageData(image, 0, 0);
  return pngOf(canvas);
}

/** Reads a saved mask PNG back; undefined when it is not the given size. */
export async function maskFromPng(bytes: Uint8Array, width: number, height: number): Promise<Uint8Array | undefined> {
  const bitmap = await decodeBytes(bytes);
  if (bitmap.width !== width || bitmap.height !== height) return undefined;
  const rgba = rgbaOf(bitmap, width, height);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = rgba[i * 4]!;
  return out;
}
