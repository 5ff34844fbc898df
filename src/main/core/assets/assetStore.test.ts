import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../shared/i18n/catalog';
import { english, say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { MediaRegistry } from '../media';
import { refusalOf } from '../testing/refusalOf';
import { AssetStore } from './assetStore';
import { encodeMp4 } from '../../sandbox';

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
    // One see-through pixel, the very last of 9 million (past the first slice the scan looks at).
    const pixels = Buffer.alloc(3000 * 3000 * 4, 255);
    pixels[pixels.length - 1] = 0;
    const lastPixel = await sharp(pixels, { raw: { width: 3000, height: 3000, channels: 4 } }).png({ compressionLevel: 1 }).toBuffer();
    expect((await store.import('last-pixel.png', lastPixel)).hasAlpha).toBe(true);
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

  it('refuses, from its header alone, a picture whose decoding would need more memory than the ceiling', async () => {
    // A 16-bit RGBA PNG of 16383 × 16383 (within the pixel limit): decoding it took 28–40 s and 2.4 GB.
    const header = Buffer.from(await png(1, 1));
    header.writeUInt32BE(16_383, 16);
    header.writeUInt32BE(16_383, 20);
    header[24] = 16; // bit depth
    header[25] = 6; // colour type: RGBA
    header.writeUInt32BE(crc32(header.subarray(12, 29)), 29);
    await expect(store.import('deep.png', header)).rejects.toMatchObject({
      code: 'bad-input',
      message: '“deep.png” would need 2.0 GB of memory to open (16383 × 16383, 4 channels of 16 bits); the limit is 1.0 GB. Save it smaller or at 8 bits per channel and add it again.',
    });
  });

  it('says what opening a large picture is doing, and main keeps turning while it decodes', async () => {
    // 4800 × 4000 RGBA decodes to 77 MB: seconds on a busy machine, on sharp's threads.
    const steps: Array<string | null> = [];
    let turns = 0;
    let decoding = false;
    const count = () => {
      if (!decoding) return;
      turns++;
      setImmediate(count);
    };
    const watched = new AssetStore(dir, media, (name, step) => {
      steps.push(step && english(step));
      decoding = step !== null;
      if (decoding && turns === 0) setImmediate(count);
    });
    const asset = await watched.import('wall.png', await png(4800, 4000, true));
    expect(asset).toMatchObject({ width: 4800, height: 4000, hasAlpha: true });
    expect(steps).toEqual([
      'Opening “wall.png” (4800 × 4000): making its preview, step 1 of 2…',
      'Opening “wall.png” (4800 × 4000): looking for transparent pixels, step 2 of 2…',
      null,
    ]);
    // A decode on main's own thread would allow no turn until it ended.
    expect(turns).toBeGreaterThan(10);
    // A small picture is quick: nothing is said.
    steps.length = 0;
    await watched.import('small.png', await png(300, 200, true));
    expect(steps).toEqual([]);
  });

  it('says the size limit as a file manager does', async () => {
    await expect(store.import('scan.tif', new Uint8Array(300 * 1024 * 1024))).rejects.toMatchObject({
      message: '“scan.tif” is 300 MB; the limit is 256 MB.',
    });
    await expect(store.import('scan.tif', new Uint8Array(256 * 1024 * 1024 + 100_000))).rejects.toMatchObject({
      message: '“scan.tif” is 256.1 MB; the limit is 256 MB.',
    });
    // One byte over: in bytes, since no number of MB tells it from the limit.
    await expect(store.import('scan.tif', new Uint8Array(256 * 1024 * 1024 + 1))).rejects.toMatchObject({
      message: '“scan.tif” is 268,435,457 bytes; the limit is 268,435,456 bytes (256 MB).',
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

describe('video assets', () => {
  const clip = (seconds = 2, width = 320, height = 192) => encodeMp4({ width, height, fps: 24, seconds, background: [30, 60, 120] });

  it('stores a whole MP4 with its frame size, length, frames and rate, served as video/mp4', async () => {
    const bytes = await clip(2);
    const a = await store.import('walk.mp4', bytes);
    expect(a).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 320, height: 192, seconds: 2, frames: 48, fps: 24, hasPoster: false, hasAlpha: false, bytes: bytes.length });
    const file = await media.resolve(`asset/${a.id}`);
    expect(file?.mime).toBe('video/mp4');
    expect(Buffer.compare(await readFile(file!.file), bytes)).toBe(0);
    // Until a poster is stored, the preview is a placeholder picture at the video's aspect.
    expect(a.thumbnailUrl).toBe(`gen-media://m/asset-thumb/${a.id}`);
    const thumb = await sharp((await media.resolve(`asset-thumb/${a.id}`))!.file).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width! / thumb.height!).toBeCloseTo(320 / 192, 1);
    expect(await store.get(a.id)).toEqual(a);
  });

  it('refuses a truncated MP4, a QuickTime movie, an MP4 without a picture and a foreign file, each by name', async () => {
    const bytes = await clip(1);
    await expect(store.import('cut.mp4', bytes.subarray(0, bytes.length - 100))).rejects.toMatchObject({
      code: 'bad-input',
      message: '“cut.mp4” is an incomplete or damaged MP4: the file ends before the whole video is there.',
    });
    const qt = Uint8Array.from(bytes);
    qt.set(new TextEncoder().encode('qt  '), 8);
    await expect(store.import('take.mov', qt)).rejects.toMatchObject({ message: expect.stringMatching(/^“take\.mov” is a QuickTime movie; export it as an MP4/) });
    const webm = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, ...new Uint8Array(60)]);
    await expect(store.import('clip.webm', webm)).rejects.toMatchObject({ message: '“clip.webm” is not an image or video Gen Studio can read (PNG, JPEG, WebP, GIF, TIFF, AVIF or MP4).' });
    const hevc = Buffer.from(bytes);
    hevc.set(new TextEncoder().encode('hvc1'), hevc.indexOf('avc1', hevc.indexOf('stsd')));
    await expect(store.import('phone.mp4', hevc)).rejects.toMatchObject({ message: expect.stringMatching(/^“phone\.mp4” uses HEVC \(H\.265\), which the player cannot show/) });
  });

  it('stores a poster frame: checked, shrunk, served from a new address; refused for a picture or a bad file', async () => {
    const a = await store.import('walk.mp4', await clip(1, 640, 368));
    const frame = await sharp({ create: { width: 640, height: 368, channels: 3, background: '#d03030' } }).png().toBuffer();
    const withPoster = await store.setPoster(a.id, frame);
    expect(withPoster.hasPoster).toBe(true);
    expect(withPoster.thumbnailUrl).toMatch(new RegExp(`^gen-media://m/asset-poster/${a.id}\\?v=[a-f0-9]+$`));
    const served = (await media.resolve(`asset-poster/${a.id}`))!;
    const { data, info } = await sharp(served.file).raw().toBuffer({ resolveWithObject: true });
    expect(Math.max(info.width, info.height)).toBeLessThanOrEqual(256);
    expect(data[0]).toBeGreaterThan(180);
    expect((await store.get(a.id)).thumbnailUrl).toBe(withPoster.thumbnailUrl);
    const other = await store.setPoster(a.id, await sharp(frame).negate().jpeg().toBuffer());
    expect(other.thumbnailUrl).not.toBe(withPoster.thumbnailUrl);

    const picture = await store.import('red.png', await png(30, 20));
    await expect(store.setPoster(picture.id, frame)).rejects.toMatchObject({ code: 'bad-input', message: '“red.png” is a picture; only a video takes a poster frame.' });
    await expect(store.setPoster(a.id, new TextEncoder().encode('not a picture'))).rejects.toMatchObject({ message: 'The poster frame is not a PNG, JPEG or WebP picture.' });
    const huge = await sharp({ create: { width: 5000, height: 100, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(store.setPoster(a.id, huge)).rejects.toMatchObject({ message: 'The poster frame is 5000 × 100; a poster may be at most 4096 px a side.' });
    await expect(store.setPoster(a.id, frame.subarray(0, frame.length / 2))).rejects.toMatchObject({ code: 'bad-input' });
    await expect(store.downscale(a.id, 1)).rejects.toMatchObject({ message: '“walk.mp4” is a video; only pictures can be downscaled here.' });
  });

  it('reads records written before videos were taken as images', async () => {
    const a = await store.import('red.png', await png(30, 20));
    const recordFile = join(dir, 'assets', a.id.slice(0, 2), `${a.id}.json`);
    const { kind: _k, seconds: _s, frames: _f, fps: _r, poster: _p, ...old } = JSON.parse(await readFile(recordFile, 'utf8')) as Record<string, unknown>;
    await writeFile(recordFile, JSON.stringify(old));
    expect(await store.get(a.id)).toMatchObject({ kind: 'image', seconds: null, frames: null, fps: null, hasPoster: true });
  });
});

describe('the asset store’s words', () => {
  it('refuses in words the window says in its language, their English as before', async () => {
    const german = createText('de', await loadMessages('de'));
    const deep = Buffer.from(await png(1, 1));
    deep.writeUInt32BE(16_383, 16);
    deep.writeUInt32BE(16_383, 20);
    deep[24] = 16;
    deep[25] = 6;
    deep.writeUInt32BE(crc32(deep.subarray(12, 29)), 29);
    const video = await store.import('walk.mp4', await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: [30, 60, 120] }));
    const picture = await store.import('red.png', await png(30, 20));
    const cases = [
      [await refusalOf(store.import('empty.png', new Uint8Array())), '“empty.png” is empty.'],
      [await refusalOf(store.import('scan.tif', new Uint8Array(300 * 1024 * 1024))), '“scan.tif” is 300 MB; the limit is 256 MB.'],
      [
        await refusalOf(store.import('deep.png', deep)),
        '“deep.png” would need 2.0 GB of memory to open (16383 × 16383, 4 channels of 16 bits); the limit is 1.0 GB. Save it smaller or at 8 bits per channel and add it again.',
      ],
      [await refusalOf(store.get('f'.repeat(64))), 'That file is no longer in the asset store.'],
      [await refusalOf(store.setPoster(picture.id, await png(30, 20))), '“red.png” is a picture; only a video takes a poster frame.'],
      [await refusalOf(store.setPoster(video.id, new TextEncoder().encode('not a picture'))), 'The poster frame is not a PNG, JPEG or WebP picture.'],
      [await refusalOf(store.downscale(video.id, 1)), '“walk.mp4” is a video; only pictures can be downscaled here.'],
    ] as const;
    for (const [failure, inEnglish] of cases) {
      expect(failure.message).toBe(inEnglish);
      expect(say(german, failure.words, failure.message), inEnglish).not.toBe(inEnglish);
    }
    // sizes in the language's numbers and units, the decimals that tell the size from the limit kept
    const over = await refusalOf(store.import('scan.tif', new Uint8Array(256 * 1024 * 1024 + 100_000)));
    expect(say(german, over.words, over.message)).toBe('„scan.tif“ ist 256,1 MB groß; höchstens 256 MB sind möglich.');
    const french = createText('fr', await loadMessages('fr'));
    const byOne = await refusalOf(store.import('scan.tif', new Uint8Array(256 * 1024 * 1024 + 1)));
    expect(say(french, byOne.words, byOne.message)).toMatch(/^« scan\.tif » pèse 268\s435\s457 octets ; la limite est de 268\s435\s456 octets \(256 Mo\)\.$/);
    expect(say(german, cases[2][0].words, '')).toBe(
      'Zum Öffnen von „deep.png“ wären 2,0 GB Arbeitsspeicher nötig (16383 × 16383, 4 Kanäle mit 16 Bit); höchstens 1,0 GB sind möglich. Speichere es kleiner oder mit 8 Bit pro Kanal und füge es erneut hinzu.',
    );
  });

  it('says what a downscale changed, and what opening a large picture is doing, in words', async () => {
    const german = createText('de', await loadMessages('de'));
    const original = await store.import('wide.jpg', await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#335577' } }).jpeg().toBuffer());
    const note = await store.downscale(original.id, 4);
    expect(note.message).toBe(english(note.words));
    expect(say(german, note.words, note.message)).toMatch(/^„wide\.jpg“ wurde von 3000 × 2000 \(6,0 MP\) auf \d+ × \d+ \(4,0 MP\) verkleinert/);
    const steps: string[] = [];
    const watched = new AssetStore(dir, media, (_name, step) => step && steps.push(say(german, step, english(step))));
    await watched.import('wall.png', await png(4800, 4000, true));
    expect(steps[0]).toBe('„wall.png“ wird geöffnet (4800 × 4000): Vorschau wird erstellt, Schritt 1 von 2 …');
  });
});
