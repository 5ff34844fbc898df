import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempDir } from '../testing/tempDir';
import { asideStamp, readJsonOrSetAside } from './readJsonOrSetAside';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => (dir = await tempDir('read-json')));
afterEach(() => dir.remove());

const Schema = z.object({ version: z.literal(1), name: z.string() });
const read = (name: string, move?: string) =>
  readJsonOrSetAside(join(dir.path, name), { schema: Schema, aside: join(dir.path, '.set-aside', `${name}.old`), ...(move ? { move } : {}) });

describe('readJsonOrSetAside', () => {
  it('reads a file of the right shape and leaves it where it is', async () => {
    await writeFile(join(dir.path, 'a.json'), '{"version":1,"name":"kept"}');
    expect(await read('a.json')).toEqual({ status: 'ok', value: { version: 1, name: 'kept' } });
    expect(await readdir(dir.path)).toEqual(['a.json']);
  });

  it('says missing for a file that is not there, and moves nothing', async () => {
    expect(await read('none.json')).toEqual({ status: 'missing' });
    expect(await readdir(dir.path)).toEqual([]);
  });

  it('sets aside, byte for byte, a file that is not JSON or not of the shape', async () => {
    await writeFile(join(dir.path, 'cut.json'), '{"version":1,"na');
    await writeFile(join(dir.path, 'alien.json'), '{"version":2}');
    expect(await read('cut.json')).toEqual({ status: 'set-aside', aside: join(dir.path, '.set-aside', 'cut.json.old') });
    expect(await read('alien.json')).toMatchObject({ status: 'set-aside' });
    expect(await readFile(join(dir.path, '.set-aside', 'cut.json.old'), 'utf8')).toBe('{"version":1,"na');
    expect(await readdir(dir.path)).toEqual(['.set-aside']);
  });

  it('sets aside a folder where the file should be', async () => {
    await mkdir(join(dir.path, 'folder.json', 'inside'), { recursive: true });
    expect(await read('folder.json')).toMatchObject({ status: 'set-aside' });
    expect(await readdir(join(dir.path, '.set-aside', 'folder.json.old'))).toEqual(['inside']);
  });

  it('moves what the file belongs to when asked', async () => {
    await mkdir(join(dir.path, 'project'));
    await writeFile(join(dir.path, 'project', 'p.json'), 'not json');
    await writeFile(join(dir.path, 'project', 'blob.png'), 'pixels');
    const result = await readJsonOrSetAside(join(dir.path, 'project', 'p.json'), {
      schema: Schema,
      aside: join(dir.path, '.set-aside', 'project'),
      move: join(dir.path, 'project'),
    });
    expect(result).toMatchObject({ status: 'set-aside' });
    expect((await readdir(join(dir.path, '.set-aside', 'project'))).sort()).toEqual(['blob.png', 'p.json']);
  });

  it('stamps set-aside names so they sort by time and are legal on every file system', () => {
    expect(asideStamp(Date.UTC(2026, 0, 14, 12, 30, 5, 7))).toBe('2026-01-14T12-30-05-007Z');
  });
});
