import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { NoticeBoard } from '../notices/noticeBoard';
import { tempDir } from '../testing/tempDir';
import { GalleryState } from './galleryState';

let dir: Awaited<ReturnType<typeof tempDir>>;
let notices: NoticeBoard;
beforeEach(async () => {
  dir = await tempDir('gallery-state');
  notices = new NoticeBoard({ now: () => 0 });
});
afterEach(() => dir.remove());

const open = () => GalleryState.open({ dir: dir.path, asideDir: join(dir.path, '.set-aside'), log: silentLogger, notices, now: () => Date.UTC(2026, 10, 25) });

describe('GalleryState', () => {
  it('keeps stars and discards across a restart, and forgets the unmarked', async () => {
    const state = await open();
    await state.mark('a', { starred: true });
    await state.mark('b', { discarded: true });
    await state.mark('b', { discarded: false });
    const again = await open();
    expect(again.markOf('a')).toEqual({ starred: true, discarded: false });
    expect(again.markOf('b')).toEqual({ starred: false, discarded: false });
    expect(notices.list()).toEqual([]);
  });

  it('sets a damaged file aside as it was, says so, and starts without marks', async () => {
    const damaged = '{"version":1,"marks":{"a":{"starred":true,"discarded":false}},"trash":[';
    await writeFile(join(dir.path, '.gallery.json'), damaged);
    const state = await open();
    expect(state.markOf('a')).toEqual({ starred: false, discarded: false });
    const [aside] = await readdir(join(dir.path, '.set-aside'));
    expect(aside).toMatch(/^gallery\.2026-11-25T.*\.json$/);
    expect(await readFile(join(dir.path, '.set-aside', aside!), 'utf8')).toBe(damaged);
    expect(notices.list().map((n) => n.message)).toEqual([
      `The gallery’s stars and discards could not be read. The file was set aside as ${join(dir.path, '.set-aside', aside!)}; the gallery starts without them.`,
    ]);
    // The next star does not overwrite what was set aside.
    await state.mark('c', { starred: true });
    expect(await readFile(join(dir.path, '.set-aside', aside!), 'utf8')).toBe(damaged);
  });
});
