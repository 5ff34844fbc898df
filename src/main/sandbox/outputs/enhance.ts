import sharp from 'sharp';
import { imageWithRole, type RenderJob } from './job';
import type { Raster } from './raster';

/** Deblur: the same picture at the same size, sharpened. */
export async function renderDeblur(job: RenderJob): Promise<Raster> {
  const image = imageWithRole(job, 'image');
  if (!image) throw new Error('deblur needs its image');
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .sharpen({ sigma: 1.5, m1: 1, m2: 3 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}
