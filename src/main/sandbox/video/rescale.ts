import { setImmediate as nextTurn } from 'node:timers/promises';
import type { OwnClip } from './decodeOwn';
import { frameCount, PictureWriter } from './encodeMp4';
import { mbCols, mbRows } from './h264';
import { createPlanes, macroblocksOf, readMacroblock, scalePlanes, type Planes, type Rect } from './yuv';

export interface RescaleSpec {
  /** Even, at least 16. */
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly seconds: number;
}

const evenDown = (v: number) => Math.max(0, Math.floor(v / 2) * 2);
const evenUp = (v: number) => Math.ceil(v / 2) * 2;

/** Where a source macroblock's pixels land in the output, widened by the bilinear filter's reach. */
function landing(mb: number, sourceCols: number, sx: number, sy: number): Rect {
  const x = (mb % sourceCols) * 16;
  const y = Math.floor(mb / sourceCols) * 16;
  const x0 = evenDown(x * sx - sx - 2);
  const y0 = evenDown(y * sy - sy - 2);
  return { x: x0, y: y0, width: evenUp((x + 16) * sx + sx + 2) - x0, height: evenUp((y + 16) * sy + sy + 2) - y0 };
}

/**
 * A clip of another size made from every frame of one of the Sandbox's own clips, so its composition is kept:
 * what enhancing a draft and upscaling answer. Each output frame is the source frame at its time, resampled;
 * only the macroblocks the source changed are resampled and sent again. Past the source's end its last frame
 * holds.
 */
export async function encodeRescaled(source: OwnClip, spec: RescaleSpec): Promise<Uint8Array> {
  const writer = new PictureWriter(spec);
  const out: Planes = createPlanes(mbCols(spec) * 16, mbRows(spec) * 16);
  const frames = frameCount(spec);
  const sx = spec.width / source.width;
  const sy = spec.height / source.height;
  const before = new Uint8Array(384);
  const after = new Uint8Array(384);
  const sourceCols = Math.ceil(source.width / 16);

  const decoder = source.decode();
  let sourceIndex = -1;
  let pending = new Set<number>();
  let planes: Planes | undefined;
  let all = false;
  for (let index = 0; index < frames; index++) {
    // The source frame shown at this output frame's time; the macroblocks changed on the way there.
    const wanted = Math.min(source.frames - 1, Math.floor((index * source.fps) / spec.fps + 1e-9));
    while (sourceIndex < wanted) {
      const step = await decoder.next();
      if (step.done) break;
      sourceIndex++;
      planes = step.value.planes;
      if (step.value.changed === 'all') all = true;
      else for (const mb of step.value.changed) pending.add(mb);
    }
    if (!planes) throw new Error('the source clip has no frames');
    if (index === 0 || all) {
      scalePlanes(planes, source.width, source.height, out, spec.width, spec.height);
      if (index === 0) writer.first(out);
      else writer.next(out, Array.from({ length: (out.width / 16) * (out.height / 16) }, (_, mb) => mb));
    } else {
      const rects = [...pending].map((mb) => landing(mb, sourceCols, sx, sy));
      const touched = [...new Set(rects.flatMap((r) => macroblocksOf(out, r)))].sort((a, b) => a - b);
      const was = touched.map((mb) => {
        readMacroblock(out, mb, before);
        return before.slice();
      });
      for (const r of rects) scalePlanes(planes, source.width, source.height, out, spec.width, spec.height, r);
      const changed = touched.filter((mb, i) => {
        readMacroblock(out, mb, after);
        return !after.every((v, k) => v === was[i]![k]);
      });
      writer.next(out, changed);
    }
    pending = new Set();
    all = false;
    if (index % 8 === 7) await nextTurn();
  }
  return writer.mux();
}
