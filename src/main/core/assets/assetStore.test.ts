import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaRegistry } from '../media';
import { AssetStore } from './assetStore';

let dir: string;
let media: MediaRegistry;
let store: AssetStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assets-'));
  media = new MediaRegistry('gen-media://m/');
  store = new AssetStore(dir, media);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const png = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('the asset store', () => {
  it('stores an image once by content, with its size and a preview', async () => {
    const bytes = await png(300, 200, true);
    const a = await store.import('red.png', bytes);
    const b = await store.import('copy.png', bytes);
    expect(a).toMatchObject({ name: 'red.png', mime: 'image/png', width: 300, height: 200, hasAlpha: true, bytes: bytes.length });
    expect(b.id).toBe(a.id);
    expect(a.url).toBe(`gen-media://m/asset/${a.id}`);
    const file = await media.resolve(`asset/${a.id}`);
    expect(Buffer.compare(await readFile(file!.file), bytes)).toBe(0);
    const thumb = await media.resolve(`asset-thumb/${a.id}`);
    expect((await sharp(thumb!.file).metadata()).width).toBeLessThanOrEqual(256);
    expect(Buffer.compare(Buffer.from(await store.bytes(a.id)), bytes)).toBe(0);
  });

  it('refuses a file that is not an image, saying so by name', async () => {
    await expect(store.import('notes.txt', new TextEncoder().encode('hello'))).rejects.toMatchObject({
      code: 'bad-input',
      message: expect.stringContaining('notes.txt'),
    });
    await expect(store.import('empty.png', new Uint8Array())).rejects.toMatchObject({ code: 'bad-input' });
  });

  it('says an image has too many pixels, with both numbers, before decoding any', async () => {
    // A PNG whose header says 30000 × 30000: decoding it would take gigabytes, so only the header is read.
    const header = Buffer.from(await png(1, 1));
    header.writeUInt32BE(30_000, 16);
    header.writeUInt32BE(30_000, 20);
    header.writeUInt32BE(crc32(header.subarray(12, 29)), 29);
    await expect(store.import('huge.png', header)).rejects.toMatchObject({
      code: 'bad-input',
      message: '“huge.png” has too many pixels to open: 30000 × 30000 is 900.0 million; the limit is 268.4 million (16383 × 16383).',
    });
  });

  it('says the size limit as a file manager does', async () => {
    await expect(store.import('scan.tif', new Uint8Array(300 * 1024 * 1024))).rejects.toMatchObject({
      message: '“scan.tif” is 300 MB; the limit is 256 MB.',
    });
    await expect(store.import('scan.tif', new Uint8Array(256 * 1024 * 1024 + 100_000))).rejects.toMatchObject({
      message: '“scan.tif” is 256.1 MB; the limit is 256 MB.',
    });
  });

  it('refuses a truncated image', async () => {
    const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    await expect(store.import('cut.jpg', bytes.subarray(0, bytes.length / 3))).rejects.toMatchObject({ code: 'bad-input' });
  });

  it('resolves only stored ids', async () => {
    expect(await media.resolve('asset/../../etc/passwd')).toBeUndefined();
    expect(await media.resolve(`asset/${'0'.repeat(64)}`)).toBeUndefined();
    await expect(store.get('0'.repeat(64))).rejects.toMatchObject({ code: 'not-found' });
  });

  it('never follows an asset record edited to lead out of the store, or to serve another type', async () => {
    const a = await store.import('red.png', await png(30, 20));
    const recordFile = join(dir, 'assets', a.id.slice(0, 2), `${a.id}.json`);
    const record = JSON.parse(await readFile(recordFile, 'utf8')) as Record<string, unknown>;
    await writeFile(join(dir, 'secret.png'), await png(9, 9));
    for (const change of [{ ext: '../../../secret.png' }, { ext: 'png/../../../secret.png' }, { mime: 'text/html' }, { id: '0'.repeat(64) }]) {
      await writeFile(recordFile, JSON.stringify({ ...record, ...change }));
      expect(await media.resolve(`asset/${a.id}`), JSON.stringify(change)).toBeUndefined();
      await expect(store.bytes(a.id)).rejects.toMatchObject({ code: 'not-found' });
    }
  });

  it('stores a downscaled copy on request, says what changed, and keeps the original', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#335577' } }).jpeg().toBuffer();
    const original = await store.import('wide.jpg', big);
    const { asset, message } = await store.downscale(original.id, 4);
    expect(asset.id).not.toBe(original.id);
    expect(asset.width * asset.height).toBeLessThanOrEqual(4_000_000);
    expect(asset.width / asset.height).toBeCloseTo(1.5, 2);
    expect(asset).toMatchObject({ mime: 'image/jpeg', name: 'wide (4 MP).jpg' });
    expect(message).toMatch(/from 3000 × 2000 \(6\.0 MP\) to \d+ × \d+ \(4\.0 MP\).*original is kept/);
    expect((await store.get(original.id)).width).toBe(3000);
    const small = await store.downscale(asset.id, 4);
    expect(small.asset.id).toBe(asset.id);
    expect(small.message).toMatch(/nothing to change/);
  });
});
