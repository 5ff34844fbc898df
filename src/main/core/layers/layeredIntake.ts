import { randomUUID } from 'node:crypto';
import { words } from '../../../shared/i18n/words';
import sharp from 'sharp';
import type { AssetInfo, LayeredIntake } from '../../../shared/ipc/contract';
import { refusedWith } from '../i18n/refusal';
import { encodePng, rawInput, stack } from './layerPixels';
import { LayeredFileError, readLayered, type LayeredFile, type ReadLayer } from './layeredRead';

const THUMBNAIL_EDGE = 72;
/** Files whose layers may still be taken: the last few only (each is its bytes, up to the asset limit). */
const KEPT_FILES = 3;

type Importer = (name: string, bytes: Uint8Array) => Promise<AssetInfo>;

const hasTransparency = (l: ReadLayer) => {
  for (let i = 3; i < l.pixels.data.length; i += 4) if (l.pixels.data[i]! < 255) return true;
  return false;
};

const baseName = (name: string) => name.replace(/\.[^.]+$/, '');

/**
 * The one way pictures come in (`assets.import`), taught layered files: a PSD, PSB, OpenRaster or multi-page
 * TIFF is stored as its composite, and its layers are listed so the artist can take one layer instead, or a
 * layer's mask as the studio's mask. Anything else goes to the asset store as it is.
 */
export class LayeredIntakeService {
  private readonly kept = new Map<string, { name: string; bytes: Uint8Array }>();

  constructor(private readonly importAsset: Importer) {}

  async import(name: string, bytes: Uint8Array): Promise<AssetInfo & { layered?: LayeredIntake }> {
    const file = await this.read(name, bytes);
    if (!file) return this.importAsset(name, bytes);
    const asset = await this.importAsset(`${baseName(name)}.png`, await encodePng(file.composite, 4));
    const token = randomUUID();
    this.kept.set(token, { name, bytes });
    for (const old of [...this.kept.keys()].slice(0, Math.max(0, this.kept.size - KEPT_FILES))) this.kept.delete(old);
    const layers = await Promise.all(
      file.layers.map(async (l, index) => ({
        index,
        name: l.name,
        hidden: l.hidden,
        thumbnail: `data:image/png;base64,${(await sharp(rawInput(l.pixels).input, { raw: rawInput(l.pixels).raw }).resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside' }).png().toBuffer()).toString('base64')}`,
        hasMask: l.mask !== null,
        hasTransparency: hasTransparency(l),
      })),
    );
    return { ...asset, layered: { token, kind: file.kind, layers } };
  }

  /** One layer at the document's size, or its mask (layer mask, else its transparency) as a grey picture. */
  async take(token: string, index: number, use: 'picture' | 'mask'): Promise<AssetInfo> {
    const kept = this.kept.get(token);
    if (!kept) throw refusedWith('not-found', words('layers.refusal.gone'));
    const file = await this.read(kept.name, kept.bytes);
    const layer = file?.layers[index];
    if (!file || !layer) throw refusedWith('not-found', words('layers.refusal.noLayer', { name: kept.name }));
    const label = `${baseName(kept.name)} · ${layer.name}`;
    if (use === 'picture') return this.importAsset(`${label}.png`, await encodePng(await stack(file.width, file.height, [layer]), 4));
    return this.importAsset(`${label} (mask).png`, await encodePng(maskOf(file, layer), 1));
  }

  private async read(name: string, bytes: Uint8Array): Promise<LayeredFile | null> {
    try {
      return await readLayered(name, bytes);
    } catch (error) {
      if (error instanceof LayeredFileError) throw refusedWith('bad-input', error.words);
      throw error;
    }
  }
}

/**
 * The studio's mask from a layer, at the document's size: its layer mask where it has one (white = change, as
 * Gen Studio writes it), else its transparency (transparent = change, as "Mask from alpha" reads a picture).
 */
function maskOf(file: LayeredFile, layer: ReadLayer): { width: number; height: number; data: Uint8Array } {
  const { width, height } = file;
  const data = new Uint8Array(width * height);
  const m = layer.mask;
  if (m) {
    for (let y = Math.max(0, m.top); y < Math.min(height, m.top + m.pixels.height); y++) {
      for (let x = Math.max(0, m.left); x < Math.min(width, m.left + m.pixels.width); x++) data[y * width + x] = m.pixels.data[(y - m.top) * m.pixels.width + (x - m.left)]!;
    }
    return { width, height, data };
  }
  data.fill(255);
  const p = layer.pixels;
  for (let y = Math.max(0, layer.top); y < Math.min(height, layer.top + p.height); y++) {
    for (let x = Math.max(0, layer.left); x < Math.min(width, layer.left + p.width); x++) data[y * width + x] = 255 - p.data[((y - layer.top) * p.width + (x - layer.left)) * 4 + 3]!;
  }
  return { width, height, data };
}
