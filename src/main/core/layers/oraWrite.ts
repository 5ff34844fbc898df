import sharp from 'sharp';
import { flatLayers } from '../../../shared/layers/layeredDocument';
import { layerSrc, stackXml } from '../../../shared/layers/oraStack';
import type { LayeredPlan } from './buildLayered';
import type { ChunkWriter } from './chunkWriter';
import { inOrder } from './inOrder';
import { ZipWriter } from './zipWriter';

const THUMBNAIL_EDGE = 256;
/** Where the app's JSON rides along: OpenRaster keeps entries it does not know. */
const ORA_METADATA_ENTRY = 'genstudio/metadata.json';
/** PNGs made or read ahead of the one being written: enough to keep both of sharp's threads busy. */
const AHEAD = 2;

const text = (s: string) => new TextEncoder().encode(s);

const thumbnail = async (png: Uint8Array) =>
  new Uint8Array(await sharp(png).resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true }).png().toBuffer());

/**
 * The document as an OpenRaster file, written out as it is made: `mimetype` first and stored (so `file` and
 * editors recognise it), stack.xml, one PNG per layer, mergedimage.png, a thumbnail at most 256 px a side and
 * Gen Studio's JSON. A layer that already is a plain PNG goes in as its own file, neither decoded nor encoded
 * again; the others are encoded on sharp's threads while the one before them is written, and every PNG is stored
 * (it is compressed already), so the event loop only computes CRCs and moves bytes to the file.
 */
export async function writeOra(doc: LayeredPlan, write: ChunkWriter): Promise<void> {
  const zip = new ZipWriter(write);
  await zip.stored('mimetype', text('image/openraster'));
  await zip.deflated('stack.xml', text(stackXml(doc)));
  let merged: Promise<Uint8Array> | null = null;
  const mergedPng = () => (merged ??= doc.composite.png());
  const layers = flatLayers(doc.layers);
  const tasks = [...layers.map((l) => () => l.pixels.png()), mergedPng, async () => thumbnail(await mergedPng())];
  const names = [...layers.map((_, i) => layerSrc(i)), 'mergedimage.png', 'Thumbnails/thumbnail.png'];
  await inOrder(tasks, AHEAD, (png, i) => zip.stored(names[i]!, png));
  await zip.deflated(ORA_METADATA_ENTRY, text(doc.metadata.json));
  await zip.end();
}
