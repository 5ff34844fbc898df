import { imageWithRole, intParam, type RenderJob } from './job';
import { cloneRaster, meanColor, type Raster } from './raster';

/** The mask as on/off per pixel: white (brightness at least half) marks what to remove. */
export function binaryMask(mask: Raster): Uint8Array {
  const out = new Uint8Array(mask.width * mask.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) {
    const lum = 0.299 * mask.data[i]! + 0.587 * mask.data[i + 1]! + 0.114 * mask.data[i + 2]!;
    out[p] = (lum * mask.data[i + 3]!) / 255 >= 128 ? 1 : 0;
  }
  return out;
}

/** Grows a mask by `radius` pixels in every direction (a square), one pass per axis. */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask;
  const pass = (src: Uint8Array, len: number, lines: number, at: (line: number, i: number) => number): Uint8Array => {
    const dst = new Uint8Array(src.length);
    for (let line = 0; line < lines; line++) {
      let last = -Infinity;
      for (let i = 0; i < len; i++) {
        if (src[at(line, i)]) last = i;
        if (i - last <= radius) dst[at(line, i)] = 1;
      }
      last = Infinity;
      for (let i = len - 1; i >= 0; i--) {
        if (src[at(line, i)]) last = i;
        if (last - i <= radius) dst[at(line, i)] = 1;
      }
    }
    return dst;
  };
  const rows = pass(mask, width, height, (y, x) => y * width + x);
  return pass(rows, height, width, (x, y) => y * width + x);
}

/**
 * Object removal: every masked pixel takes the average of the straight-line blends between the nearest kept
 * pixels along its row and its column, so the hole fills with the colours around it; kept pixels stay as they are.
 */
export function renderErase(job: RenderJob): Raster {
  const image = imageWithRole(job, 'image');
  const maskImage = imageWithRole(job, 'mask');
  if (!image || !maskImage) throw new Error('erase needs its image and mask');
  const { width, height } = image;
  const mask = dilate(binaryMask(maskImage), width, height, intParam(job, 'edge_expansion'));
  const sum = new Float32Array(width * height * 3);
  const count = new Uint8Array(width * height);

  const spans = (len: number, lines: number, at: (line: number, i: number) => number) => {
    for (let line = 0; line < lines; line++) {
      let i = 0;
      while (i < len) {
        if (!mask[at(line, i)]) {
          i++;
          continue;
        }
        const start = i;
        while (i < len && mask[at(line, i)]) i++;
        const before = start > 0 ? at(line, start - 1) : -1;
        const after = i < len ? at(line, i) : -1;
        if (before < 0 && after < 0) continue;
        for (let k = start; k < i; k++) {
          const t = before < 0 ? 1 : after < 0 ? 0 : (k - start + 1) / (i - start + 1);
          const p = at(line, k);
          for (let c = 0; c < 3; c++) {
            const a = before < 0 ? 0 : image.data[before * 4 + c]!;
            const b = after < 0 ? 0 : image.data[after * 4 + c]!;
            sum[p * 3 + c] = sum[p * 3 + c]! + a * (1 - t) + b * t;
          }
          count[p] = count[p]! + 1;
        }
      }
    }
  };
  spans(width, height, (y, x) => y * width + x);
  spans(height, width, (x, y) => y * width + x);

  const fallback = meanColor(image);
  const out = cloneRaster(image);
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const n = count[p]!;
    for (let c = 0; c < 3; c++) out.data[p * 4 + c] = n ? Math.round(sum[p * 3 + c]! / n) : fallback[c]!;
    out.data[p * 4 + 3] = 255;
  }
  return out;
}
