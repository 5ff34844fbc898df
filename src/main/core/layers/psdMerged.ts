import type { RgbaPixels } from '../../../shared/layers/layeredDocument';
import { Bytes } from './psdLayout';
import { bandPlane, type PsdPlane, rlePays } from './psdPlane';
/** Rows of the merged picture looked at between turns of the event loop (a few milliseconds' work). */
const ROWS = 128;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether any pixel is even partly transparent, looked at a few rows at a time. */
async function transparent(p: RgbaPixels): Promise<boolean> {
  for (let y = 0; y < p.height; y += ROWS) {
    const end = Math.min(p.height, y + ROWS) * p.width * 4;
    for (let i = y * p.width * 4 + 3; i < end; i += 4) if (p.data[i] !== 255) return true;
    await turn();
  }
  return false;
}

/** ag-psd's white matte, to the same rounding: colour × a + 255 × (1 − a) where 0 < alpha < 255, in place. */
async function matte(p: RgbaPixels): Promise<void> {
  const d = p.data;
  for (let y = 0; y < p.height; y += ROWS) {
    const end = Math.min(p.height, y + ROWS) * p.width * 4;
    for (let i = y * p.width * 4; i < end; i += 4) {
      const pa = d[i + 3]!;
      if (pa === 0 || pa === 255) continue;
      const a = pa / 255;
      const ra = 255 * (1 - a);
      d[i] = d[i]! * a + ra;
      d[i + 1] = d[i + 1]! * a + ra;
      d[i + 2] = d[i + 2]! * a + ra;
    }
    await turn();
  }
}

/**
 * The merged image data section as ag-psd wrote it: RLE (Photoshop reads no ZIP there), or raw where RLE does not
 * pay (psdPlane.ts; one choice for all its channels), red, green, blue and,
 * when any pixel is not opaque, alpha, with partly transparent colours matted with white as Photoshop expects;
 * every channel's row counts first, then every channel's rows. `merged` is changed by the matte.
 */
export async function mergedImage(merged: RgbaPixels, psb: boolean): Promise<{ channels: 3 | 4; chunks: Iterable<Uint8Array> }> {
  const withAlpha = await transparent(merged);
  if (withAlpha) await matte(merged);
  const order = withAlpha ? ([0, 1, 2, 3] as const) : ([0, 1, 2] as const);
  const rle = rlePays(merged.data, merged.width, merged.height, 4, order);
  return mergedPlanes(await Promise.all(order.map((c) => bandPlane({ ...merged, bands: 4 }, c, psb, rle))));
}

/**
 * The merged image data section from its planes (red, green, blue and maybe alpha): one compression code, every
 * plane's row counts, then every plane's bytes, made as they are asked for.
 */
export function mergedPlanes(planes: readonly PsdPlane[]): { channels: 3 | 4; chunks: Iterable<Uint8Array> } {
  const compression = planes[0]!.compression;
  if (planes.some((p) => p.compression !== compression)) throw new Error('the merged image\'s channels must share one compression');
  function* chunks() {
    yield new Bytes().u16(compression).done();
    for (const p of planes) yield p.counts;
    for (const p of planes) yield* p.data;
  }
  return { channels: planes.length === 4 ? 4 : 3, chunks: chunks() };
}
