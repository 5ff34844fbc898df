import { strToU8, zip, type AsyncZippable } from 'fflate';
import sharp from 'sharp';
import { flatLayers, type LayeredDocument, type RgbaPixels } from '../../../shared/layers/layeredDocument';
import { layerSrc, stackXml } from '../../../shared/layers/oraStack';

const THUMBNAIL_EDGE = 256;
/** Where the app's JSON rides along: OpenRaster keeps entries it does not know. */
const ORA_METADATA_ENTRY = 'genstudio/metadata.json';

/** PNGs are already deflated: a fast level keeps a 4096² layer to a fraction of a second (on sharp's threads). */
const png = (p: RgbaPixels) =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: 4 } })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();

const zipAsync = (files: AsyncZippable) =>
  new Promise<Uint8Array>((resolve, reject) => zip(files, (error, data) => (error ? reject(error) : resolve(data))));

/**
 * The document as an OpenRaster file: `mimetype` first and stored (so `file` and editors recognise it),
 * stack.xml, one PNG per layer, mergedimage.png, a thumbnail at most 256 px a side and Gen Studio's JSON.
 * Encoding runs on sharp's threads and fflate's worker, not on the event loop.
 */
export async function writeOra(doc: LayeredDocument): Promise<Uint8Array> {
  const layers = flatLayers(doc.layers);
  const [merged, thumbnail, ...pngs] = await Promise.all([
    png(doc.composite),
    sharp(doc.composite.data, { raw: { width: doc.composite.width, height: doc.composite.height, channels: 4 } })
      .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer(),
    ...layers.map((l) => png(l.pixels)),
  ]);
  const stored = { level: 0 } as const;
  const files: AsyncZippable = {
    mimetype: [strToU8('image/openraster'), stored],
    'stack.xml': [strToU8(stackXml(doc)), { level: 6 }],
    'mergedimage.png': [merged!, stored],
    'Thumbnails/thumbnail.png': [thumbnail!, stored],
    [ORA_METADATA_ENTRY]: [strToU8(doc.metadata.json), { level: 6 }],
  };
  pngs.forEach((bytes, i) => (files[layerSrc(i)] = [bytes, stored]));
  return zipAsync(files);
}
