import { imageWithRole, promptOf, type RenderJob } from './job';
import { drawPattern } from './pattern';
import { cloneRaster, meanColor, type Raster } from './raster';
import { mixSeed } from './random';

/**
 * How much of each pixel to repaint, 0 to 1: the mask's brightness (white repaints, black keeps), or, with no
 * mask, the image's transparency. A pixel at 0 is never touched.
 */
export function maskWeights(image: Raster, mask: Raster | undefined): Float32Array {
  const n = image.width * image.height;
  const w = new Float32Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    if (mask) {
      const lum = 0.299 * mask.data[i]! + 0.587 * mask.data[i + 1]! + 0.114 * mask.data[i + 2]!;
      w[p] = (lum / 255) * (mask.data[i + 3]! / 255);
    } else {
      w[p] = 1 - image.data[i + 3]! / 255;
    }
  }
  return w;
}

/** Inpainting: the generated pattern, tinted like the picture, blended in where the mask says; nothing else changes. */
export function renderFill(job: RenderJob): Raster {
  const image = imageWithRole(job, 'image');
  if (!image) throw new Error('fill needs its image');
  const weights = maskWeights(image, imageWithRole(job, 'mask'));
  const pattern = drawPattern(image.width, image.height, mixSeed(job.seed, promptOf(job), job.endpoint.id), {
    tint: meanColor(image),
  });
  const out = cloneRaster(image);
  for (let p = 0, i = 0; p < weights.length; p++, i += 4) {
    const m = weights[p]!;
    if (m <= 0) continue;
    for (let c = 0; c < 3; c++) out.data[i + c] = Math.round(image.data[i + c]! * (1 - m) + pattern.data[i + c]! * m);
    out.data[i + 3] = Math.round(image.data[i + 3]! + (255 - image.data[i + 3]!) * m);
  }
  return out;
}
