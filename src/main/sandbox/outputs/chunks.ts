import { setImmediate as nextTurn } from 'node:timers/promises';

/** About this many pixels of work between two turns of the event loop (a few milliseconds). */
const PIXELS_PER_TURN = 262_144;

/**
 * Runs `work(start, end)` over [0, total) in slices of about `PIXELS_PER_TURN / unit` items, yielding to the
 * event loop between slices: the sandbox runs inside the app's main process, which must never freeze while
 * a large output is being made.
 */
export async function inSlices(total: number, unit: number, work: (start: number, end: number) => void): Promise<void> {
  const step = Math.max(1, Math.floor(PIXELS_PER_TURN / Math.max(1, unit)));
  for (let start = 0; start < total; start += step) {
    work(start, Math.min(total, start + step));
    if (start + step < total) await nextTurn();
  }
}
