import sharp from 'sharp';
import { isOpaque, type Raster } from './raster';
import type { ImageFormat, RenderedOutput } from './job';

const MIME: Readonly<Record<ImageFormat, string>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const EXT: Readonly<Record<ImageFormat, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * Encodes a raster in the requested format. PNG keeps every pixel exactly (alpha only when some pixel needs
 * it), which is what lets a fill prove it left the unmasked pixels alone.
 */
export async function encodeImage(r: Raster, format: ImageFormat): Promise<RenderedOutput> {
  const opaque = await isOpaque(r);
  let pipeline = sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } });
  if (opaque || format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' }).removeAlpha();
  const bytes =
    format === 'png'
      ? await pipeline.png({ compressionLevel: 6 }).toBuffer()
      : format === 'jpeg'
        ? await pipeline.jpeg({ quality: 90 }).toBuffer()
        : await pipeline.webp({ quality: 90 }).toBuffer();
  return { bytes, mime: MIME[format], ext: EXT[format], width: r.width, height: r.height, seconds: 0 };
}
