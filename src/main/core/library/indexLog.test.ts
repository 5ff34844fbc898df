import { appendFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { MediaRegistry } from '../media';
import { NoticeBoard } from '../notices/noticeBoard';
import { downloaded } from '../testing/downloaded';
import { tempDir } from '../testing/tempDir';
import { INDEX_LOG, LEGACY_INDEX } from './indexLog';
import { Library, type SaveRequest } from './library';
import { sampleJpeg } from '../testing/fakeService';

let dir: Awaited<ReturnType<typeof tempDir>>;
let clock = Date.UTC(2026, 0, 14, 12);
beforeEach(async () => {
  dir = await tempDir('index-log');
  clock = Date.UTC(2026, 0, 14, 12);
});
afterEach(() => dir.remove());

const libDir = () => join(dir.path, 'library');
const open = (notices = new NoticeBoard({ now: () => 0 })) =>
  Library.open({ dataDir: dir.path, media: new MediaRegistry('gen-media://m/'), notices, log: silentLogger, now: () => clock++, trashItem: (path) => rm(path) });

const id = (n: number) => `${String(n).padStart(8, '0')}-aaaa-bbbb-cccc-${String(n).padStart(12, '0')}`;
async function request(n: number, prompt = `a lighthouse number ${n}`): Promise<SaveRequest> {
  return {
    id: id(n),
    file: await downloaded(dir.path, await sampleJpeg()),
    endpointId: 'gen-dev',
    params: { prompt },
    inputs: [],
    seed: n,
    cost: 1,
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
  };
}
const logLines = async () => (await readFile(join(libDir(), INDEX_LOG), 'utf8')).split('\n').filter(Boolean);
const sidecarsOnDisk = async () => {
  const names = (await readdir(libDir())).filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
  return Promise.all(names.map(async (n) => [n, await readFile(join(libDir(), n), 'utf8')] as const));
};

describe('the library index', () => {
  it('files a result by appending one line, never by rewriting what is there', async () => {
    const library = await open();
    await library.save(await request(1));
    const before = await readFile(join(libDir(), INDEX_LOG), 'utf8');
    await library.save(await request(2));
    const after = await readFile(join(libDir(), INDEX_LOG), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length).trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(after.slice(before.length))).toMatchObject({ put: { id: id(2), params: { prompt: 'a lighthouse number 2' } } });
    expect((await open()).list().map((i) => i.id)).toEqual([id(2), id(1)]);
  });

  it('drops a result that went to the trash with one line, and forgets it at the next start', async () => {
    const library = await open();
    await library.save(await request(1));
    await library.save(await request(2));
    await library.trash(id(1));
    await library.emptyTrash();
    expect((await logLines()).at(-1)).toBe(JSON.stringify({ del: id(1) }));
    expect((await open()).list().map((i) => i.id)).toEqual([id(2)]);
  });

  it('skips a line cut short by a crash, keeps every result, and rewrites the log whole', async () => {
    const library = await open();
    await library.save(await request(1));
    await library.save(await request(2));
    await appendFile(join(libDir(), INDEX_LOG), '{"put":{"version":1,"id":"0000');
    const reopened = await open();
    expect(reopened.list().map((i) => i.id)).toEqual([id(2), id(1)]);
    expect(await logLines()).toHaveLength(2);
    await reopened.save(await request(3));
    expect((await open()).list().map((i) => i.id)).toEqual([id(3), id(2), id(1)]);
  });

  it('compacts a log of mostly superseded lines at start', async () => {
    const library = await open();
    await library.save(await request(1));
    const line = (await logLines())[0]!;
    await appendFile(join(libDir(), INDEX_LOG), `${line}\n`.repeat(150));
    expect((await open()).list()).toHaveLength(1);
    expect(await logLines()).toEqual([line]);
  });

  it('migrates the index of earlier versions on first start without losing a result, a star or a sidecar', async () => {
    // An earlier version's library: three results, the second starred, the third's sidecar written just before a
    // crash that kept it out of the old index, and a fourth deleted in a session that ended before the trash.
    const library = await open();
    for (const n of [1, 2, 3, 4]) await library.save(await request(n));
    await library.mark(id(2), { starred: true });
    await library.mark(id(1), { discarded: true });
    await library.trash(id(4));
    const sidecars = (await logLines()).map((l) => (JSON.parse(l) as { put: { id: string } }).put);
    await rm(join(libDir(), INDEX_LOG));
    await writeFile(join(libDir(), LEGACY_INDEX), JSON.stringify({ version: 1, entries: sidecars.filter((s) => s.id !== id(3)) }));
    const onDisk = await sidecarsOnDisk();
    const gallery = await readFile(join(libDir(), '.gallery.json'), 'utf8');

    const migrated = await open();
    expect(migrated.list().map((i) => [i.id, i.starred, i.discarded])).toEqual([
      [id(3), false, false],
      [id(2), true, false],
      [id(1), false, true],
    ]);
    expect(migrated.page({ status: 'starred' }, 0, 10).items.map((i) => i.id)).toEqual([id(2)]);
    expect(migrated.page({ text: 'number 3' }, 0, 10).items.map((i) => i.id)).toEqual([id(3)]);
    // The sidecars are as they were (the deleted result's went to the trash); the stars' file too.
    expect(await sidecarsOnDisk()).toEqual(onDisk.filter(([n]) => !n.endsWith(`${id(4).slice(0, 8)}.json`)));
    expect(JSON.parse(await readFile(join(libDir(), '.gallery.json'), 'utf8'))).toMatchObject({ marks: JSON.parse(gallery).marks, trash: [] });
    // The old index is gone once the log holds every result; the next start reads the log.
    const names = await readdir(libDir());
    expect(names).not.toContain(LEGACY_INDEX);
    const lines = (await logLines()).map((l) => JSON.parse(l) as { put?: { id: string }; del?: string });
    expect(lines.flatMap((l) => (l.put ? [l.put.id] : [])).sort()).toEqual([id(1), id(2), id(3), id(4)]);
    expect(lines.flatMap((l) => (l.del ? [l.del] : []))).toEqual([id(4)]);
    expect((await open()).list().map((i) => [i.id, i.starred])).toEqual([
      [id(3), false],
      [id(2), true],
      [id(1), false],
    ]);
  });

  it('migrates an old index that cannot be read by rebuilding from the sidecars', async () => {
    const library = await open();
    for (const n of [1, 2]) await library.save(await request(n));
    await rm(join(libDir(), INDEX_LOG));
    await writeFile(join(libDir(), LEGACY_INDEX), '{"version":1,"entr');
    expect((await open()).list().map((i) => i.id)).toEqual([id(2), id(1)]);
    expect(await readdir(libDir())).not.toContain(LEGACY_INDEX);
  });
});
