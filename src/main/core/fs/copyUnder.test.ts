import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tempDir';
import { copyUnderFreeName, numberedName } from './copyUnder';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir('copy-under');
});
afterEach(() => dir.remove());

describe('copying under a free name', () => {
  it('numbers a second copy the way file managers do', () => {
    expect(numberedName('IMG_0042-deblur.png', 1)).toBe('IMG_0042-deblur.png');
    expect(numberedName('IMG_0042-deblur.png', 2)).toBe('IMG_0042-deblur (2).png');
    expect(numberedName('no-extension', 3)).toBe('no-extension (3)');
  });

  it('never writes over a file, and copies made at once each take a name of their own', async () => {
    const sources = [1, 2, 3, 4].map((n) => join(dir.path, `result-${n}.png`));
    for (const [n, source] of sources.entries()) await writeFile(source, `result ${n}`);
    await writeFile(join(dir.path, 'IMG_0042-deblur.png'), 'the artist’s own');
    const names = await Promise.all(sources.map((source) => copyUnderFreeName(source, dir.path, 'IMG_0042-deblur.png')));
    expect([...names].sort()).toEqual(['IMG_0042-deblur (2).png', 'IMG_0042-deblur (3).png', 'IMG_0042-deblur (4).png', 'IMG_0042-deblur (5).png']);
    expect(await readFile(join(dir.path, 'IMG_0042-deblur.png'), 'utf8')).toBe('the artist’s own');
    expect((await readdir(dir.path)).length).toBe(9);
  });

  it('takes a file already there with the very same bytes as this copy made before: a restart after a crash between the copy and its record writes no “(2)”', async () => {
    const source = join(dir.path, 'result.png');
    await writeFile(source, 'the result, metadata and all');
    await writeFile(join(dir.path, 'IMG_0042-deblur.png'), "the artist's own picture....");
    expect(await copyUnderFreeName(source, dir.path, 'IMG_0042-deblur.png')).toBe('IMG_0042-deblur (2).png');
    // The crash came here: the copy is on disk, its name not recorded. The next start copies again.
    expect(await copyUnderFreeName(source, dir.path, 'IMG_0042-deblur.png')).toBe('IMG_0042-deblur (2).png');
    expect((await readdir(dir.path)).sort()).toEqual(['IMG_0042-deblur (2).png', 'IMG_0042-deblur.png', 'result.png']);
    expect(await readFile(join(dir.path, 'IMG_0042-deblur.png'), 'utf8')).toBe("the artist's own picture....");
  });
});
