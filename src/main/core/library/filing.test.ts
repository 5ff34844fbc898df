import type * as fs from 'node:fs/promises';
import { readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultOrigin } from '../../../shared/library/resultRecord';
import { silentLogger } from '../log';
import { tempDir } from '../testing/tempDir';
import { recoverFile, unfiledFile, type FilingContext } from './filing';

// Spied on, not replaced: the test counts the folder listings a download's look makes.
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return { ...real, readdir: vi.fn(real.readdir) };
});

let dir: Awaited<ReturnType<typeof tempDir>>;
let context: FilingContext;
beforeEach(async () => {
  dir = await tempDir('filing');
  context = { dir: dir.path, now: () => Date.UTC(2026, 0, 14, 12), appVersion: '1.0.0', log: silentLogger };
});
afterEach(() => dir.remove());

const meta = (id: string): ResultOrigin => ({
  id,
  endpointId: 'gen-dev',
  params: { prompt: 'a lighthouse' },
  inputs: [],
  seed: 7,
  cost: 1.1,
  settledCost: null,
  inputMp: 0,
  outputMp: 0.06,
  remoteTaskId: null,
  connectionLabel: 'Sandbox',
  createdAt: Date.UTC(2026, 0, 14, 11),
  submittedAt: null,
  readyAt: null,
  projectId: null,
  group: null,
});

describe("a task's result file left without its sidecar", () => {
  it('is found by its name, never by listing the library folder (a listing of 100,000 results held the core 70 ms a download)', async () => {
    // Other results' files and sidecars, and names that only start like the task's.
    for (let i = 0; i < 50; i++) await writeFile(join(dir.path, `2026-01-14_gen-dev_${String(i).padStart(8, '0')}.json`), '{}');
    await writeFile(join(dir.path, '2026-01-14_gen-dev_22222222.json.tmp'), '');
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4070c0' } }).png().toBuffer();
    await writeFile(join(dir.path, '2026-01-14_gen-dev_22222222.png'), picture);
    vi.mocked(readdir).mockClear();

    expect(await unfiledFile(dir.path, meta('22222222-aaaa-bbbb-cccc-000000000002'))).toEqual({ path: join(dir.path, '2026-01-14_gen-dev_22222222.png'), ext: 'png' });
    expect(await unfiledFile(dir.path, meta('33333333-aaaa-bbbb-cccc-000000000003'))).toBeUndefined();
    expect(await recoverFile(context, meta('22222222-aaaa-bbbb-cccc-000000000002'))).toMatchObject({ fileName: '2026-01-14_gen-dev_22222222.png', width: 64, height: 48 });
    expect(await recoverFile(context, meta('33333333-aaaa-bbbb-cccc-000000000003'))).toBeUndefined();
    expect(vi.mocked(readdir)).not.toHaveBeenCalled();
  });

  it('is a plain file: a link of that name, which could lead anywhere, is not adopted', async () => {
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4070c0' } }).png().toBuffer();
    await writeFile(join(dir.path, 'elsewhere.png'), picture);
    await symlink(join(dir.path, 'elsewhere.png'), join(dir.path, '2026-01-14_gen-dev_44444444.png'));
    expect(await unfiledFile(dir.path, meta('44444444-aaaa-bbbb-cccc-000000000004'))).toBeUndefined();
    expect(await recoverFile(context, meta('44444444-aaaa-bbbb-cccc-000000000004'))).toBeUndefined();
  });
});
