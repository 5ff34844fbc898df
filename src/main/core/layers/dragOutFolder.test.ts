import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLog } from '../testing/captureLog';
import { advanceUntil, FakeClock } from '../testing/fakeClock';
import { tempDir } from '../testing/tempDir';
import { DRAG_OUT_KEEP_MS, DragOutFolder } from './dragOutFolder';

const MINUTE = 60_000;
let dir: { path: string; remove: () => Promise<void> };
let clock: FakeClock;
let folder: DragOutFolder;

beforeEach(async () => {
  dir = await tempDir('drag-out');
  clock = new FakeClock();
  folder = new DragOutFolder({ dir: dir.path, clock, log: captureLog() });
});
afterEach(async () => {
  folder.stop();
  await dir.remove();
});

/** A file an earlier run left, written this long before the clock's now. */
async function leftBehind(name: string, ageMs: number): Promise<string> {
  const file = join(dir.path, name);
  await writeFile(file, 'psd');
  const at = (clock.now() - ageMs) / 1000;
  await utimes(file, at, at);
  return file;
}

describe('the drag-out folder', () => {
  it('removes at start what earlier runs left an hour ago or more, and the recent ones once they are old enough', async () => {
    const old = await leftBehind('old.psd', 3 * DRAG_OUT_KEEP_MS);
    const recent = await leftBehind('recent.ora', DRAG_OUT_KEEP_MS - 10 * MINUTE);
    await mkdir(join(dir.path, 'a folder'));
    await folder.sweep();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(join(dir.path, 'a folder'))).toBe(true);

    const start = clock.now();
    await advanceUntil(clock, () => !existsSync(recent), { stepMs: MINUTE });
    expect(clock.now() - start).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(clock.now() - start).toBeLessThanOrEqual(11 * MINUTE);
  });

  it('keeps a file dragged out now for an hour, while a drop may still read it, and removes it after', async () => {
    const file = await folder.pathFor('Harbour.psd');
    await writeFile(file, 'psd');
    clock.advance(DRAG_OUT_KEEP_MS - MINUTE);
    await folder.sweep();
    expect(existsSync(file)).toBe(true);

    await advanceUntil(clock, () => !existsSync(file), { stepMs: MINUTE });
    expect(clock.pending()).toBe(0);
  });

  it('counts a file dragged out again under the same name from its new drag', async () => {
    const file = await folder.pathFor('Harbour.psd');
    await writeFile(file, 'psd');
    clock.advance(DRAG_OUT_KEEP_MS - 5 * MINUTE);
    await folder.pathFor('Harbour.psd');
    clock.advance(10 * MINUTE);
    await folder.sweep();
    expect(existsSync(file)).toBe(true);
    await advanceUntil(clock, () => !existsSync(file), { stepMs: MINUTE });
  });
});
