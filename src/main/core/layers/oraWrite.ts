import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import sharp from 'sharp';
import { flatLayers, type LayeredDocument, type RgbaPixels } from '../../../shared/layers/layeredDocument';
import { layerSrc, stackXml } from '../../../shared/layers/oraStack';
import type { ChunkWriter } from './chunkWriter';

const THUMBNAIL_EDGE = 256;
/** Where the app's JSON rides along: OpenRaster keeps entries it does not know. */
const ORA_METADATA_ENTRY = 'genstudio/metadata.json';
/**
 * A stored entry's CRC-32 is computed on the event loop as its bytes are pushed: slices this size take a few
 * milliseconds each, and the loop turns between them.
 */
const SLICE = 1 << 20;

/**
 * Level 1 with no adaptive filtering: on photo-like layers it is within about a tenth of level 6's size at a
 * fraction of its time (zlib's higher levels search far longer for little gain on noisy pixels), and the artist
 * waits on the export while the file is only an exchange copy.
 */
const png = (p: RgbaPixels) =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: 4 } })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();

const thumbnail = (p: RgbaPixels) =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: 4 } })
    .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The document as an OpenRaster file, written out as it is made: `mimetype` first and stored (so `file` and
 * editors recognise it), stack.xml, one PNG per layer, mergedimage.png, a thumbnail at most 256 px a side and
 * Gen Studio's JSON. Each PNG is encoded on sharp's threads while the one before it is written (two at a time at
 * most), and fflate's streaming zip hands the bytes to `write` as they come, so neither every PNG nor the whole
 * zip is ever held in memory and no step holds the event loop for long.
 */
export async function writeOra(doc: LayeredDocument, write: ChunkWriter): Promise<void> {
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const flush = async () => {
    if (failure) throw failure;
    while (pending.length > 0) await write(pending.shift()!);
  };
  const stored = async (name: string, bytes: Uint8Array) => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    if (bytes.byteLength === 0) entry.push(bytes, true);
    for (let at = 0; at < bytes.byteLength; at += SLICE) {
      entry.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.byteLength);
      await flush();
      await turn();
    }
    await flush();
  };
  const deflated = async (name: string, bytes: Uint8Array) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
    await flush();
  };

  await stored('mimetype', strToU8('image/openraster'));
  await deflated('stack.xml', strToU8(stackXml(doc)));
  const layers = flatLayers(doc.layers);
  const encodings: Array<() => Promise<Buffer>> = [...layers.map((l) => () => png(l.pixels)), () => png(doc.composite), () => thumbnail(doc.composite)];
  const names = [...layers.map((_, i) => layerSrc(i)), 'mergedimage.png', 'Thumbnails/thumbnail.png'];
  let next = encodings[0]!();
  for (let i = 0; i < encodings.length; i++) {
    const bytes = await next;
    // the next PNG encodes on sharp's threads while this one is written
    if (i + 1 < encodings.length) next = encodings[i + 1]!();
    await stored(names[i]!, bytes);
  }
  await deflated(ORA_METADATA_ENTRY, strToU8(doc.metadata.json));
  zip.end();
  await flush();
}
