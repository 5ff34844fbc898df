import { inSlices } from './chunks';
import { imageWithRole, intParam, type RenderJob } from './job';
import { cloneRaster, meanColor, type Raster } from './raster';

/** The mask as on/off per pixel: white (brightness at least half) marks what to remove. */
async function binaryMask(mask: Raster): Promise<Uint8Array> {
  const out = new Uint8Array(mask.width * mask.height);
  await inSlices(out.length, 1, (start, end) => {
    for (let p = start, i = start * 4; p < end; p++, i += 4) {
      const lum = 0.299 * mask.data[i]! + 0.587 * mask.data[i + 1]! + 0.114 * mask.data[i + 2]!;
      out[p] = (lum * mask.data[i + 3]!) / 255 >= 128 ? 1 : 0;
    }
  });
  return out;
}

/** Grows a mask by `radius` pixels in every direction (a square), one pass per axis. */
async function dilate(mask: Uint8Array, width: number, height: number, radius: number): Promise<Uint8Array> {
  if (radius <= 0) return mask;
  const pass = async (src: Uint8Array, len: number, lines: number, at: (line: number, i: number) => number): Promise<Uint8Array> => {
    const dst = new Uint8Array(src.length);
    await inSlices(lines, len * 2, (first, last) => {
    for (let line = first; line < last; line++) {
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
    });
    return dst;
  };
  const rows = await pass(mask, width, height, (y, x) => y * width + x);
  return pass(rows, height, width, (x, y) => y * width + x);
}

/**
 * Object removal: every masked pixel takes the average of the straight-line blends between the nearest kept
 * pixels along its row and its column, so the hole fills with the colours around it; kept pixels stay as they are.
 */
export async function renderErase(job: RenderJob): Promise<Raster> {
  const image = imageWithRole(job, 'image');
  const maskImage = imageWithRole(job, 'mask');
  if (!image || !maskImage) throw new Error('erase needs its image and mask');
  const { width, height } = image;
  const mask = await dilate(await binaryMask(maskImage), width, height, intParam(job, 'edge_expansion'));
  const sum = new Float32Array(width * height * 3);
  const count = new Uint8Array(width * height);

  const spans = (len: number, lines: number, at: (line: number, i: number) => number) =>
    inSlices(lines, len, (first, last) => {
      for (let line = first; line < last; line++) {
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
    });
  await spans(width, height, (y, x) => y * width + x);
  await spans(height, width, (x, y) => y * width + x);

  const fallback = meanColor(image);
  const out = cloneRaster(image);
  await inSlices(mask.length, 1, (start, end) => {
    for (let p = start; p < end; p++) {
      if (!mask[p]) continue;
      const n = count[p]!;
      for (let c = 0; c < 3; c++) out.data[p * 4 + c] = n ? Math.round(sum[p * 3 + c]! / n) : fallback[c]!;
      out.data[p * 4 + 3] = 255;
    }
  });
  return out;
}
