import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { tempDir } from '../testing/tempDir';
import { writeFileAtomic } from './atomicWrite';
import { processIsAlive, removeStaleTempFiles } from './staleTempFiles';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => (dir = await tempDir('stale-temp')));
afterEach(() => dir.remove());

const NOW = Date.now();
const sweep = (root = dir.path) => removeStaleTempFiles(root, { log: silentLogger, now: () => NOW });
const names = async (sub: string) => (await readdir(join(dir.path, sub))).sort();

/** A process that has run and ended: its id is nobody's now (a recycled id would only keep a file, never lose one). */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('removeStaleTempFiles', () => {
  it('removes, in every folder, temporary files whose writer is gone, and nothing else', async () => {
    const dead = deadPid();
    expect(processIsAlive(dead)).toBe(false);
    await mkdir(join(dir.path, 'tasks'), { recursive: true });
    await mkdir(join(dir.path, 'library', '.thumbs'), { recursive: true });
    await mkdir(join(dir.path, 'assets', 'ab'), { recursive: true });
    const leftovers = [
      join('tasks', `.${dead}-0123456789ab.tmp`),
      join('library', '.thumbs', `.${dead}-00000000000a.tmp`),
      // This process's id but no write of it going on: what a crash leaves when the next start gets the same id.
      join('assets', 'ab', `.${process.pid}-00000000000b.tmp`),
    ];
    const kept = [
      join('tasks', 'aaaa.json'),
      // Another Gen Studio, still running, writing into the same folder.
      join('tasks', `.${process.ppid}-00000000000c.tmp`),
      join('library', 'notes.tmp'),
      join('library', '.index.json'),
    ];
    for (const f of [...leftovers, ...kept]) await writeFile(join(dir.path, f), 'x');

    expect(await sweep()).toBe(3);
    expect(await names('tasks')).toEqual([`.${process.ppid}-00000000000c.tmp`, 'aaaa.json']);
    expect(await names(join('library', '.thumbs'))).toEqual([]);
    expect(await names(join('assets', 'ab'))).toEqual([]);
    expect(await names('library')).toEqual(['.index.json', '.thumbs', 'notes.tmp']);
  });

  it('removes old-style temporary files (no writer named) only once they are old', async () => {
    await writeFile(join(dir.path, '.0123456789ab.tmp'), 'old');
    await writeFile(join(dir.path, '.ba9876543210.tmp'), 'recent');
    const hourAgo = new Date(NOW - 3_600_000);
    await utimes(join(dir.path, '.0123456789ab.tmp'), hourAgo, hourAgo);
    expect(await sweep()).toBe(1);
    expect(await readdir(dir.path)).toEqual(['.ba9876543210.tmp']);
  });

  it('does not follow a link out of the folder', async () => {
    const outside = await tempDir('stale-outside');
    try {
      const dead = deadPid();
      await writeFile(join(outside.path, `.${dead}-0123456789ab.tmp`), 'not ours');
      await symlink(outside.path, join(dir.path, 'link'));
      expect(await sweep()).toBe(0);
      expect(await readdir(outside.path)).toHaveLength(1);
    } finally {
      await outside.remove();
    }
  });

  it('never touches a write of this process in progress', async () => {
    const target = join(dir.path, 'big');
    await mkdir(target);
    const data = new Uint8Array(512 * 1024).fill(7);
    // Sweep while temporary files are on disk. On a fast disk the writes may all land before one is seen: then
    // they are made again (each rename replaces the last), a few times at most.
    let seen = false;
    for (let attempt = 0; attempt < 5 && !seen; attempt++) {
      let settled = false;
      const writes = Array.from({ length: 24 }, (_, i) => writeFileAtomic(join(target, `f${i}.bin`), data));
      void Promise.all(writes).then(() => (settled = true));
      while (!settled && !(seen = (await readdir(target)).some((n) => n.endsWith('.tmp')))) await new Promise((r) => setImmediate(r));
      if (seen) expect(await sweep()).toBe(0);
      await Promise.all(writes);
    }
    expect(seen).toBe(true);
    expect((await readdir(target)).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `f${i}.bin`).sort());
    expect((await readFile(join(target, 'f0.bin'))).length).toBe(data.length);
  });
});
