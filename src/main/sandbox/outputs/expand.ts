import sharp from 'sharp';
import { imageWithRole, intParam, promptOf, type RenderJob } from './job';
import { drawPattern } from './pattern';
import { meanColor, type Raster } from './raster';
import { mixSeed } from './random';

const raw = (r: Raster) => ({ raw: { width: r.width, height: r.height, channels: 4 as const } });

/**
 * Places `image` with its top-left at (x, y) on a canvas of the given size. The new area continues the picture
 * as a mirror of its edges under a veil of the generated pattern; the original's pixels are copied exactly.
 * The heavy lifting is sharp's (off the event loop); only the final row copies are ours.
 */
async function placeOnCanvas(image: Raster, width: number, height: number, x: number, y: number, seed: number): Promise<Raster> {
  const tint = meanColor(image);
  const pattern = await drawPattern(width, height, seed, { tint });
  const veil = await sharp(pattern.data, raw(pattern)).removeAlpha().ensureAlpha(0.5).png({ compressionLevel: 0 }).toBuffer();
  const mirrored = await sharp(image.data, raw(image))
    .extend({ top: y, left: x, bottom: height - y - image.height, right: width - x - image.width, extendWith: 'mirror' })
    .flatten({ background: { r: tint[0], g: tint[1], b: tint[2] } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data } = await sharp(mirrored.data, { raw: { width, height, channels: mirrored.info.channels } })
    .composite([{ input: veil }])
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A straight copy, not a blend: the original comes back byte for byte, alpha included.
  for (let row = 0; row < image.height; row++) {
    const from = row * image.width * 4;
    image.data.copy(data, ((row + y) * width + x) * 4, from, from + image.width * 4);
  }
  return { width, height, data };
}

/** gen-pro-1.0-expand: pixels added on each side. */
export function renderExpand(job: RenderJob): Promise<Raster> {
  const image = imageWithRole(job, 'image');
  if (!image) throw new Error('expand needs its image');
  return placeOnCanvas(image, job.size.width, job.size.height, intParam(job, 'left'), intParam(job, 'top'), mixSeed(job.seed, promptOf(job), job.endpoint.id));
}

/** outpainting-v1: a canvas of the requested size with the original at its reference offset. */
export function renderOutpainting(job: RenderJob): Promise<Raster> {
  const image = imageWithRole(job, 'image');
  if (!image) throw new Error('outpainting needs its image');
  return placeOnCanvas(
    image,
    job.size.width,
    job.size.height,
    intParam(job, 'reference_offset_x'),
    intParam(job, 'reference_offset_y'),
    mixSeed(job.seed, promptOf(job), job.endpoint.id, String(job.params.mode)),
  );
}
