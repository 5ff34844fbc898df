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

/** Rows resampled between turns of the event loop when a whole frame is. */
const BAND = 128;

const evenDown = (v: number) => Math.max(0, Math.floor(v / 2) * 2);
const evenUp = (v: number) => Math.ceil(v / 2) * 2;

/**
 * Where changed source macroblocks land in the output, widened by the bilinear filter's reach: one rectangle
 * per run of neighbouring macroblocks in a row, so a large change is resampled in few, long pieces.
 */
function landings(changed: readonly number[], sourceCols: number, sx: number, sy: number): Rect[] {
  const out: Rect[] = [];
  const sorted = [...changed].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1 && sorted[j + 1]! % sourceCols !== 0) j++;
    const x = (sorted[i]! % sourceCols) * 16;
    const y = Math.floor(sorted[i]! / sourceCols) * 16;
    const right = (sorted[j]! % sourceCols) * 16 + 16;
    const x0 = evenDown(x * sx - sx - 2);
    const y0 = evenDown(y * sy - sy - 2);
    out.push({ x: x0, y: y0, width: evenUp(right * sx + sx + 2) - x0, height: evenUp((y + 16) * sy + sy + 2) - y0 });
    i = j + 1;
  }
  return out;
}

function sameMacroblock(a: Uint8Array, b: Uint8Array, at: number): boolean {
  for (let i = 0; i < 384; i++) if (a[i] !== b[at + i]) return false;
  return true;
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
      // In bands, giving the event loop a turn between them: a whole uhd frame is 12 million samples.
      for (let y = 0; y < out.height; y += BAND) {
        scalePlanes(planes, source.width, source.height, out, spec.width, spec.height, { x: 0, y, width: out.width, height: Math.min(BAND, out.height - y) });
        await nextTurn();
      }
      if (index === 0) writer.first(out);
      else writer.next(out, Array.from({ length: (out.width / 16) * (out.height / 16) }, (_, mb) => mb));
    } else {
      const rects = landings([...pending], sourceCols, sx, sy);
      const touched = [...new Set(rects.flatMap((r) => macroblocksOf(out, r)))].sort((a, b) => a - b);
      const was = new Uint8Array(touched.length * 384);
      touched.forEach((mb, i) => readMacroblock(out, mb, was, i * 384));
      for (let i = 0; i < rects.length; i++) {
        scalePlanes(planes, source.width, source.height, out, spec.width, spec.height, rects[i]);
        if (i % 64 === 63) await nextTurn();
      }
      const changed = touched.filter((mb, i) => {
        readMacroblock(out, mb, after);
        return !sameMacroblock(after, was, i * 384);
      });
      writer.next(out, changed);
    }
    pending = new Set();
    all = false;
    await nextTurn();
  }
  return writer.mux();
}
