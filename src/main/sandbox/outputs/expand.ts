import { imageWithRole, intParam, promptOf, type RenderJob } from './job';
import { drawPattern } from './pattern';
import { createRaster, meanColor, type Raster } from './raster';
import { mixSeed } from './random';

/** Mirrors an index into [0, n): ... 2 1 0 | 0 1 2 ... n-1 | n-1 n-2 ... */
function reflect(i: number, n: number): number {
  const period = 2 * n;
  const m = ((i % period) + period) % period;
  return m < n ? m : period - 1 - m;
}

/**
 * Places `image` with its top-left at (x, y) on a canvas of the given size. The new area continues the picture
 * as a mirror of its edges mixed with the generated pattern; the original's pixels are copied exactly.
 */
export function placeOnCanvas(image: Raster, width: number, height: number, x: number, y: number, seed: number): Raster {
  const pattern = drawPattern(width, height, seed, { tint: meanColor(image) });
  const out = createRaster(width, height);
  for (let py = 0; py < height; py++) {
    const sy = reflect(py - y, image.height);
    for (let px = 0; px < width; px++) {
      const sx = reflect(px - x, image.width);
      const s = (sy * image.width + sx) * 4;
      const d = (py * width + px) * 4;
      for (let c = 0; c < 3; c++) out.data[d + c] = (image.data[s + c]! + pattern.data[d + c]!) >> 1;
      out.data[d + 3] = 255;
    }
  }
  // A straight copy, not a blend: the original must come back byte for byte.
  for (let row = 0; row < image.height; row++) {
    const from = row * image.width * 4;
    image.data.copy(out.data, ((row + y) * width + x) * 4, from, from + image.width * 4);
  }
  return out;
}

/** gen-pro-1.0-expand: pixels added on each side. */
export function renderExpand(job: RenderJob): Raster {
  const image = imageWithRole(job, 'image');
  if (!image) throw new Error('expand needs its image');
  const left = intParam(job, 'left');
  const top = intParam(job, 'top');
  return placeOnCanvas(image, job.size.width, job.size.height, left, top, mixSeed(job.seed, promptOf(job), job.endpoint.id));
}

/** outpainting-v1: a canvas of the requested size with the original at its reference offset. */
export function renderOutpainting(job: RenderJob): Raster {
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
