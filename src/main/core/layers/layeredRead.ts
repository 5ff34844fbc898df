import { initializeCanvas, readPsd, type Layer } from 'ag-psd';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import type { GreyPixels, RgbaPixels } from '../../../shared/layers/layeredDocument';
import { parseStackXml } from '../../../shared/layers/oraRead';
import type { MessageId } from '../../../shared/i18n/catalog';
import { ENGLISH_TEXT } from '../../../shared/i18n/text';

/**
 * Layered files as input: PSD and PSB (ag-psd), OpenRaster (its stack.xml and PNGs) and multi-page TIFF (sharp's
 * `pages`). `readLayered` answers null for anything else, so the caller stores it as an ordinary picture.
 * What is layered but cannot be read (CMYK, 32 bits, a broken file) throws a `LayeredFileError` whose message
 * names the file and says what to do.
 */
export interface ReadLayer {
  readonly name: string;
  readonly left: number;
  readonly top: number;
  readonly hidden: boolean;
  readonly pixels: RgbaPixels;
  /** its layer mask, placed at (left, top) of the mask itself; white shows the layer */
  readonly mask: { readonly left: number; readonly top: number; readonly pixels: GreyPixels; readonly enabled: boolean } | null;
}

export type LayeredKind = 'PSD' | 'PSB' | 'OpenRaster' | 'TIFF';

export interface LayeredFile {
  readonly kind: LayeredKind;
  readonly width: number;
  readonly height: number;
  readonly composite: RgbaPixels;
  /** bottom first, groups opened (a layer in a group is named "Group / Layer") */
  readonly layers: readonly ReadLayer[];
}

/** A layered file refused: its words (the catalog's message and values), their English as the error's message. */
export class LayeredFileError extends Error {
  constructor(readonly words: { readonly id: MessageId; readonly values: Readonly<Record<string, string | number>> }) {
    super(ENGLISH_TEXT.t(words.id, words.values));
  }
}
const refused = (id: MessageId, values: Readonly<Record<string, string | number>>) => new LayeredFileError({ id, values });

// Main has no canvas: ag-psd reads pixels into plain arrays (`useImageData`) and needs only this to make them.
type CanvasMaker = Parameters<typeof initializeCanvas>;
const plainImageData = (width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' as const });
initializeCanvas(
  () => {
    throw new Error('no canvas in the main process');
  },
  plainImageData as unknown as NonNullable<CanvasMaker[1]>,
);

/** The largest picture the app takes (the asset store's ceiling, sharp's default). */
export const MAX_LAYERED_EDGE = 16_383;

const COLOR_MODES: Readonly<Record<number, string>> = { 0: 'bitmap', 2: 'indexed', 4: 'cmyk', 7: 'multichannel', 8: 'duotone', 9: 'lab' };

export function layeredKind(bytes: Uint8Array): LayeredKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 26 && ascii(0, 4) === '8BPS') return bytes[5] === 2 ? 'PSB' : 'PSD';
  if (bytes.length >= 54 && ascii(0, 4) === 'PK\x03\x04' && ascii(30, 38) === 'mimetype' && ascii(38, 54) === 'image/openraster') return 'OpenRaster';
  if (bytes.length >= 4 && (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*')) return 'TIFF';
  return null;
}

function checkSize(name: string, width: number, height: number): void {
  if (width > MAX_LAYERED_EDGE || height > MAX_LAYERED_EDGE) {
    throw refused('layers.refusal.tooLarge', { name, width, height, max: MAX_LAYERED_EDGE });
  }
}

/** 16-bit samples (ag-psd's Uint16Array) become 8-bit; 8-bit pass through. */
function eightBit(data: Uint8Array | Uint8ClampedArray | Uint16Array | Float32Array): Uint8Array {
  if (data instanceof Uint16Array) return Uint8Array.from(data, (v) => v >> 8);
  if (data instanceof Float32Array) throw refused('layers.refusal.depth', { name: '', depth: 32 });
  return data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function psdLayers(children: readonly Layer[] | undefined, path: string, hiddenAbove: boolean): ReadLayer[] {
  return (children ?? []).flatMap((l): ReadLayer[] => {
    const name = `${path}${l.name ?? 'Layer'}`;
    const hidden = hiddenAbove || l.hidden === true;
    if (l.children) return psdLayers(l.children, `${name} / `, hidden);
    if (!l.imageData || l.imageData.width === 0 || l.imageData.height === 0) return [];
    const m = l.mask?.imageData;
    const mask =
      m && m.width > 0 && m.height > 0
        ? { left: l.mask?.left ?? 0, top: l.mask?.top ?? 0, pixels: redChannel({ ...m, data: eightBit(m.data) }), enabled: l.mask?.disabled !== true }
        : null;
    return [{ name, left: l.left ?? 0, top: l.top ?? 0, hidden, pixels: { ...l.imageData, data: eightBit(l.imageData.data) }, mask }];
  });
}

function redChannel(p: RgbaPixels): GreyPixels {
  const data = new Uint8Array(p.width * p.height);
  for (let i = 0; i < data.length; i++) data[i] = p.data[i * 4]!;
  return { width: p.width, height: p.height, data };
}

function readPsdFile(name: string, bytes: Uint8Array): LayeredFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [height, width, depth, mode] = [view.getUint32(14), view.getUint32(18), view.getUint16(22), view.getUint16(24)];
  const kind = bytes[5] === 2 ? 'PSB' : 'PSD';
  if (mode !== 3 && mode !== 1) {
    throw refused('layers.refusal.colourMode', { name, mode: COLOR_MODES[mode] ?? 'other' });
  }
  if (depth !== 8 && depth !== 16) {
    throw refused('layers.refusal.depth', { name, depth });
  }
  checkSize(name, width, height);
  let psd;
  try {
    psd = readPsd(bytes, { useImageData: true, skipThumbnail: true, skipLinkedFilesData: true, totalMemoryLimit: 1024 * 1024 * 1024 });
  } catch (error) {
    throw refused('layers.refusal.broken', { name, why: error instanceof Error ? error.message : kind });
  }
  if (!psd.imageData) throw refused('layers.refusal.noMerged', { name });
  return { kind, width, height, composite: { ...psd.imageData, data: eightBit(psd.imageData.data) }, layers: psdLayers(psd.children, '', false) };
}

const decodePng = async (png: Uint8Array): Promise<RgbaPixels> => {
  const { data, info } = await sharp(png, { limitInputPixels: MAX_LAYERED_EDGE * MAX_LAYERED_EDGE }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
};

async function readOraFile(name: string, bytes: Uint8Array): Promise<LayeredFile> {
  const broken = (why: string) => refused('layers.refusal.broken', { name, why });
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw broken('the zip is broken');
  }
  const xml = files['stack.xml'];
  const stack = xml ? parseStackXml(new TextDecoder().decode(xml)) : null;
  if (!stack) throw broken('no stack.xml with a size');
  checkSize(name, stack.width, stack.height);
  const layers: ReadLayer[] = [];
  for (const l of stack.layers) {
    const png = files[l.src];
    if (!png) throw broken(`its layer “${l.name}” is missing`);
    layers.push({ name: l.name, left: l.x, top: l.y, hidden: l.hidden, pixels: await decodePng(png).catch(() => Promise.reject(broken(`its layer “${l.name}” does not decode`))), mask: null });
  }
  const merged = files['mergedimage.png'];
  const composite = merged ? await decodePng(merged).catch(() => Promise.reject(broken('its merged picture does not decode'))) : await compositeOf(stack.width, stack.height, layers);
  return { kind: 'OpenRaster', width: stack.width, height: stack.height, composite, layers };
}

/** The visible layers over transparency, for files that carry no merged picture of their own. */
async function compositeOf(width: number, height: number, layers: readonly ReadLayer[]): Promise<RgbaPixels> {
  const over = layers
    .filter((l) => !l.hidden)
    .map((l) => ({ input: Buffer.from(l.pixels.data.buffer, l.pixels.data.byteOffset, l.pixels.data.byteLength), raw: { width: l.pixels.width, height: l.pixels.height, channels: 4 as const }, left: l.left, top: l.top }));
  const { data } = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(over)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

async function readTiffFile(name: string, bytes: Uint8Array): Promise<LayeredFile | null> {
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta || (meta.pages ?? 1) < 2) return null;
  if (meta.space === 'cmyk') throw refused('layers.refusal.colourMode', { name, mode: 'cmyk' });
  if (meta.depth === 'float' || meta.depth === 'uint' || meta.depth === 'double') throw refused('layers.refusal.depth', { name, depth: 32 });
  const layers: ReadLayer[] = [];
  for (let page = 0; page < meta.pages!; page++) {
    const pixels = await sharp(bytes, { page, limitInputPixels: MAX_LAYERED_EDGE * MAX_LAYERED_EDGE })
      .ensureAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => Promise.reject(refused('layers.refusal.brokenPage', { name, page: page + 1 })));
    checkSize(name, pixels.info.width, pixels.info.height);
    layers.push({ name: `Page ${page + 1}`, left: 0, top: 0, hidden: page > 0, pixels: { width: pixels.info.width, height: pixels.info.height, data: new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength) }, mask: null });
  }
  const first = layers[0]!.pixels;
  // A multi-page TIFF has no merged picture: its first page is what every viewer shows.
  return { kind: 'TIFF', width: first.width, height: first.height, composite: first, layers };
}

/** Null for a file that is not layered (an ordinary picture, or a TIFF of one page). */
export async function readLayered(name: string, bytes: Uint8Array): Promise<LayeredFile | null> {
  const kind = layeredKind(bytes);
  if (kind === 'PSD' || kind === 'PSB') return readPsdFile(name, bytes);
  if (kind === 'OpenRaster') return readOraFile(name, bytes);
  if (kind === 'TIFF') return readTiffFile(name, bytes);
  return null;
}
