import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { GreyPixels, RgbaPixels } from '../../../shared/layers/layeredDocument';
import { type BandPixels, decodeBands, decodeGrey, decodeRgba, greyAsRgba, LIMIT, stack } from './layerPixels';

/**
 * A picture file's bytes, or where it is on disk: a project's pictures stay there until their layer is written,
 * and sharp reads them itself, so their bytes do not pass through main's memory.
 */
export type PictureBytes = Uint8Array | { readonly file: string };
const read = async (b: PictureBytes): Promise<Uint8Array> => (b instanceof Uint8Array ? b : readFile(b.file));
const input = (b: PictureBytes) => (b instanceof Uint8Array ? b : b.file);
const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * A layer's pixels as a writer asks for them when it comes to that layer: decoded or encoded on sharp's threads,
 * one layer at a time, so a project of many large pictures is never held decoded all at once.
 */
export interface LayerPicture {
  readonly width: number;
  readonly height: number;
  /** no pixel is even partly transparent */
  opaque(): Promise<boolean>;
  /** the source has no alpha at all (known from its header, so without decoding): its alpha is 255 everywhere */
  readonly alphaFree?: boolean;
  /** as a PNG: the picture's own file when it already is a plain 8-bit PNG, else encoded */
  png(): Promise<Uint8Array>;
  rgba(): Promise<RgbaPixels>;
  /** decoded with as few bands as it has: RGB when `alphaFree`, else RGBA */
  pixels(): Promise<BandPixels>;
}

const withBands = async (rgba: Promise<RgbaPixels>): Promise<BandPixels> => ({ ...(await rgba), bands: 4 });

/** The painted mask: a layer of its own (grey, opaque) and the top picture's layer mask. */
export interface MaskPicture extends LayerPicture {
  grey(): Promise<GreyPixels>;
}

/**
 * Level 1 with no adaptive filtering: on photo-like layers it is within about a tenth of level 6's size at a
 * fraction of its time (zlib's higher levels search far longer for little gain on noisy pixels), and the artist
 * waits on the export while the file is only an exchange copy.
 */
const PNG_OPTIONS = { compressionLevel: 1, adaptiveFiltering: false } as const;

const bytesOf = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
};

/**
 * A picture file (any format sharp reads), read for its size now and again when it is written. An 8-bit PNG
 * without a colour profile goes into an OpenRaster file as it is (its pixels are exactly what decoding it gives);
 * anything else is decoded to sRGB RGBA, as every layer was before.
 */
export async function filePicture(source: PictureBytes): Promise<LayerPicture> {
  const image = () => sharp(input(source), { limitInputPixels: LIMIT });
  const m = await image().metadata();
  const asIs = m.format === 'png' && m.depth === 'uchar' && !m.icc;
  return {
    width: m.width,
    height: m.height,
    alphaFree: !m.hasAlpha,
    opaque: once(async () => !m.hasAlpha || (await image().stats()).isOpaque),
    png: async () => (asIs ? read(source) : bytesOf(await image().toColourspace('srgb').ensureAlpha().png(PNG_OPTIONS).toBuffer())),
    rgba: () => decodeRgba(input(source)),
    pixels: () => decodeBands(input(source), m.hasAlpha),
  };
}

/** The studio's mask PNG (its first channel; white = change), as a hidden grey layer and as a layer mask. */
export async function maskPicture(bytes: Uint8Array): Promise<MaskPicture> {
  const m = await sharp(bytes, { limitInputPixels: LIMIT }).metadata();
  const asIs = m.format === 'png' && m.depth === 'uchar' && m.channels === 1 && !m.icc;
  const grey = async () => decodeGrey(bytes);
  const rgba = async () => greyAsRgba(await grey());
  return {
    width: m.width,
    height: m.height,
    opaque: async () => true,
    grey,
    png: async () => (asIs ? bytes : bytesOf(await sharp(bytes, { limitInputPixels: LIMIT }).extractChannel(0).png(PNG_OPTIONS).toBuffer())),
    rgba,
    pixels: () => withBands(rgba()),
  };
}

/** A picture drawn from SVG (the boxes), rendered by sharp when the writer comes to it. */
export function svgPicture(width: number, height: number, svg: string): LayerPicture {
  const image = () => sharp(Buffer.from(svg), { limitInputPixels: false }).ensureAlpha();
  const rgba = async () => {
    const { data, info } = await image().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: bytesOf(data) };
  };
  return { width, height, opaque: async () => false, png: async () => bytesOf(await image().png(PNG_OPTIONS).toBuffer()), rgba, pixels: () => withBands(rgba()) };
}

interface Placed {
  readonly pixels: LayerPicture;
  readonly left: number;
  readonly top: number;
}

const covers = (a: Placed, b: Placed) =>
  a.left <= b.left && a.top <= b.top && a.left + a.pixels.width >= b.left + b.pixels.width && a.top + a.pixels.height >= b.top + b.pixels.height;

/**
 * The visible layers merged over transparency at the document's size. A layer wholly under an opaque one above
 * it cannot show and is left out; when what is left is one opaque picture filling the document (a project
 * without a frame), the merged picture is that picture itself, and nothing is composited.
 */
export async function stackPicture(width: number, height: number, layers: readonly Placed[]): Promise<LayerPicture> {
  const showing: Placed[] = [];
  for (const l of [...layers].reverse()) {
    let hidden = false;
    for (const above of showing) if (covers(above, l) && (await above.pixels.opaque())) hidden = true;
    if (!hidden) showing.unshift(l);
  }
  const only = showing.length === 1 ? showing[0]! : null;
  if (only && only.left === 0 && only.top === 0 && only.pixels.width === width && only.pixels.height === height && (await only.pixels.opaque())) return only.pixels;
  const rgba = async () => {
    const decoded = [];
    for (const l of showing) decoded.push({ pixels: await l.pixels.rgba(), left: l.left, top: l.top });
    return stack(width, height, decoded);
  };
  const raw = async () => {
    const p = await rgba();
    return sharp(asBuffer(p.data), { raw: { width, height, channels: 4 } });
  };
  return {
    width,
    height,
    opaque: once(async () => (await (await raw()).stats()).isOpaque),
    png: async () => bytesOf(await (await raw()).png(PNG_OPTIONS).toBuffer()),
    rgba,
    pixels: () => withBands(rgba()),
  };
}
