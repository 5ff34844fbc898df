import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('counts an alpha channel only when something in it is transparent (an opaque one carries no mask)', async () => {
    const opaque = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 1 } } }).png().toBuffer();
    expect((await sharp(opaque).metadata()).hasAlpha).toBe(true);
    expect((await store.import('opaque.png', opaque)).hasAlpha).toBe(false);
    expect((await store.import('see-through.png', await png(40, 30, true))).hasAlpha).toBe(true);
  });

  it('refuses a file that is not an image, saying so by name', async () => {
    await expect(store.import('notes.txt', new TextEncoder().encode('hello'))).rejects.toMatchObject({
      code: 'bad-input',
      message: expect.stringContaining('notes.txt'),
    });
    await expect(store.import('empty.png', new Uint8Array())).rejects.toMatchObject({ code: 'bad-input' });
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
