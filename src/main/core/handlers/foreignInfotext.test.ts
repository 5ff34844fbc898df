import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';

/**
 * A picture A1111 or Forge saved as JPEG or WebP carries its infotext in EXIF UserComment, not in PNG text or
 * XMP. The files here are written by exiftool (not by the app), in both byte orders and both character codes it
 * uses, and dropped on the app, which must restore the parameters they hold.
 */
const run = promisify(execFile);
const PROMPT = '東京の夜, neon “rain”\nsecond line';
const PAIRS = 'Steps: 24, Sampler: DPM++ 2M, CFG scale: 6.5, Seed: 1234567, Size: 64x48, Model: someModel';

let dir: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture;

beforeAll(async () => {
  dir = await tempDir('foreign-infotext');
  fx = await startCore({ dataDir: join(dir.path, 'data'), deps: { sandboxOptions: { timing: 'instant' } } });
});
afterAll(async () => {
  await fx.core.dispose();
  await dir.remove();
});

/** A 64×48 picture in `format` whose UserComment exiftool writes, in the EXIF byte order given. */
async function written(name: string, format: 'jpeg' | 'webp', comment: string, byteOrder: 'MM' | 'II'): Promise<Uint8Array> {
  const file = join(dir.path, name);
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#335' } })
    .toFormat(format)
    .toFile(file);
  await run('exiftool', ['-q', '-overwrite_original', `-ExifByteOrder=${byteOrder}`, `-exif:UserComment=${comment}`, file]);
  return new Uint8Array(await readFile(file));
}

const restored = { kind: 'infotext', prompt: PROMPT, seed: 1234567, width: 64, height: 48, steps: 24, guidance: 6.5 };

describe('a foreign JPEG or WebP dropped on the app gives back the parameters in its EXIF UserComment', () => {
  it.each([
    ['jpeg', 'MM'],
    ['jpeg', 'II'],
    ['webp', 'MM'],
    ['webp', 'II'],
  ] as const)('%s, Unicode, byte order %s', async (format, order) => {
    const bytes = await written(`forge-${order}.${format}`, format, `${PROMPT}\n${PAIRS}`, order);
    // exiftool wrote the text as UTF-16 (the letters are not ASCII), in that byte order.
    const { stdout } = await run('exiftool', ['-v3', join(dir.path, `forge-${order}.${format}`)]);
    expect(stdout).toMatch(/UNICODE/);
    expect(await fx.ok('library.readDropped', { name: `forge.${format}`, bytes })).toEqual(restored);
  });

  it('an ASCII UserComment, with a negative prompt line left out of the prompt', async () => {
    const bytes = await written('a1111-ascii.jpg', 'jpeg', `a lighthouse at dusk\nNegative prompt: fog\n${PAIRS}`, 'MM');
    expect(await fx.ok('library.readDropped', { name: 'a1111.jpg', bytes })).toEqual({ ...restored, prompt: 'a lighthouse at dusk' });
  });

  it('a camera’s own note in UserComment is not taken for parameters', async () => {
    const bytes = await written('camera.jpg', 'jpeg', 'Shot on a phone, 12 MP', 'MM');
    expect(await fx.ok('library.readDropped', { name: 'camera.jpg', bytes })).toEqual({ kind: 'none' });
  });
});
