import { readFile, writeFile, copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { MediaRegistry } from '../media';
import { NoticeBoard } from '../notices/noticeBoard';
import { tempDir } from '../testing/tempDir';
import { INDEX_LOG } from './indexLog';
import { Library } from './library';
import { LooseSidecarSchema, recordOf, SidecarSchema } from './sidecar';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'sidecar-v1.json');
const firstVersion = async () => JSON.parse(await readFile(FIXTURE, 'utf8')) as Record<string, unknown>;

/** The fixture's facts as the current version names them: nothing lost, nothing made up. */
const migrated = {
  version: 2,
  id: '11111111-aaaa-bbbb-cccc-000000000001',
  fileName: '2026-01-14_gen-dev_11111111.jpg',
  mime: 'image/jpeg',
  bytes: 1234,
  width: 320,
  height: 200,
  seconds: null,
  endpointId: 'gen-dev',
  endpointTitle: 'Dev',
  release: 'snapshot',
  params: { prompt: 'a lighthouse', width: 320, height: 200, seed: 7 },
  seed: 7,
  inputs: [{ field: 'image_prompt', assetId: 'a'.repeat(64) }],
  cost: 1.1,
  settledCost: 1.3,
  inputMp: 0.5,
  outputMp: 0.06,
  remoteTaskId: 'remote-1',
  connectionLabel: 'Sandbox',
  createdAt: 1768388400000,
  submittedAt: 1768388401000,
  readyAt: 1768388404000,
  savedAt: 1768388405000,
  projectId: 'project-0001',
  group: { id: 'g1', index: 1, count: 4 },
};

describe('the sidecar', () => {
  it('reads a version 1 sidecar as the current version, every fact kept', async () => {
    expect(SidecarSchema.parse(await firstVersion())).toEqual(migrated);
    expect(LooseSidecarSchema.parse(await firstVersion())).toEqual(migrated);
  });

  it('reads the oldest version 1 sidecars, written before projects and groups, with neither', async () => {
    const { projectId: _p, group: _g, ...oldest } = await firstVersion();
    expect(SidecarSchema.parse(oldest)).toMatchObject({ projectId: null, group: null });
    // A project id of another form is dropped, never the sidecar.
    expect(SidecarSchema.parse({ ...oldest, projectId: '../../x' })).toMatchObject({ projectId: null, fileName: migrated.fileName });
  });

  it('reads the current version as it was written, and refuses a version it does not know', async () => {
    expect(SidecarSchema.parse(migrated)).toEqual(migrated);
    expect(recordOf(SidecarSchema.parse(migrated))).not.toHaveProperty('version');
    expect(SidecarSchema.safeParse({ ...migrated, version: 3 }).success).toBe(false);
    expect(SidecarSchema.safeParse({ ...(await firstVersion()), version: 2 }).success).toBe(false);
  });
});

describe('a library written by a version that wrote version 1 sidecars', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir('sidecar');
  });
  afterEach(() => dir.remove());

  const libDir = () => join(dir.path, 'library');
  const open = () =>
    Library.open({ dataDir: dir.path, media: new MediaRegistry('gen-media://m/'), notices: new NoticeBoard({ now: () => 0 }), log: silentLogger, now: () => Date.UTC(2026, 0, 20) });
  const { version: _, ...record } = migrated;

  it('shows its results with every fact, from the sidecars when there is no index', async () => {
    await mkdir(libDir(), { recursive: true });
    await copyFile(FIXTURE, join(libDir(), '2026-01-14_gen-dev_11111111.json'));
    await writeFile(join(libDir(), '2026-01-14_gen-dev_11111111.jpg'), 'not read to list it');
    const library = await open();
    expect(library.list()).toEqual([expect.objectContaining({ ...record, metadataLost: false, starred: false, discarded: false })]);
  });

  it('rewrites its index in the current version once, and reads it the same afterwards', async () => {
    await mkdir(libDir(), { recursive: true });
    await copyFile(FIXTURE, join(libDir(), '2026-01-14_gen-dev_11111111.json'));
    await writeFile(join(libDir(), '2026-01-14_gen-dev_11111111.jpg'), 'not read to list it');
    await writeFile(join(libDir(), INDEX_LOG), `${JSON.stringify({ put: await firstVersion() })}\n`);
    const first = (await open()).list();
    expect(first).toEqual([expect.objectContaining({ ...record, metadataLost: false })]);
    const lines = (await readFile(join(libDir(), INDEX_LOG), 'utf8')).split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([{ put: migrated }]);
    expect(lines[0]!.startsWith('{"put":{"version":2,')).toBe(true);
    expect((await open()).list()).toEqual(first);
  });
});
