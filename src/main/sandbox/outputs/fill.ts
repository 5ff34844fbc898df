import { inSlices } from './chunks';
import { imageWithRole, promptOf, type RenderJob } from './job';
import { drawPattern } from './pattern';
import { cloneRaster, meanColor, type Raster } from './raster';
import { mixSeed } from './random';

/**
 * How much of each pixel to repaint, 0 to 1: the mask's brightness (white repaints, black keeps), or, with no
 * mask, the image's transparency. A pixel at 0 is never touched.
 */
function maskWeight(image: Raster, mask: Raster | undefined, p: number): number {
  const i = p * 4;
  if (!mask) return 1 - image.data[i + 3]! / 255;
  const lum = 0.299 * mask.data[i]! + 0.587 * mask.data[i + 1]! + 0.114 * mask.data[i + 2]!;
  return (lum / 255) * (mask.data[i + 3]! / 255);
}

/** Inpainting: the generated pattern, tinted like the picture, blended in where the mask says; nothing else changes. */
export async function renderFill(job: RenderJob): Promise<Raster> {
  const image = imageWithRole(job, 'image');
  if (!image) throw new Error('fill needs its image');
  const mask = imageWithRole(job, 'mask');
  const pattern = await drawPattern(image.width, image.height, mixSeed(job.seed, promptOf(job), job.endpoint.id), {
    tint: meanColor(image),
  });
  const out = cloneRaster(image);
  await inSlices(image.width * image.height, 1, (start, end) => {
    for (let p = start; p < end; p++) {
      const m = maskWeight(image, mask, p);
      if (m <= 0) continue;
      const i = p * 4;
      for (let c = 0; c < 3; c++) out.data[i + c] = Math.round(image.data[i + c]! * (1 - m) + pattern.data[i + c]! * m);
      out.data[i + 3] = Math.round(image.data[i + 3]! + (255 - image.data[i + 3]!) * m);
    }
  });
  return out;
}
