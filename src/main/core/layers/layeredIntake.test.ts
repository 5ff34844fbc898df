import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AssetInfo } from '../../../shared/ipc/contract';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { refusalOf } from '../testing/refusalOf';
import { buildLayered } from './buildLayered';
import { LayeredIntakeService } from './layeredIntake';
import { layeredBytes } from './encodeLayered';

const dir = mkdtempSync(join(tmpdir(), 'intake-'));
const magick = (...args: string[]) => execFileSync('convert', args, { maxBuffer: 1 << 28 });
const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const pixelAt = async (png: Uint8Array, x: number, y: number) => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
};

/** The intake with an asset store that keeps what it was given. */
function intake() {
  const stored: Array<{ name: string; bytes: Uint8Array }> = [];
  const service = new LayeredIntakeService(async (name, bytes) => {
    stored.push({ name, bytes });
    return { id: String(stored.length), name } as AssetInfo;
  });
  return { service, stored };
}

const exported = async (format: 'psd' | 'ora') => {
  const doc = await buildLayered({
    pictures: [
      { name: 'Original · red.png', bytes: await solid(40, 30, '#ff0000') },
      { name: 'Pro 1.0 Fill · green… · 7', bytes: await solid(40, 30, '#00ff00') },
    ],
    frame: null,
    mask: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).extract({ left: 0, top: 0, width: 40, height: 30 }).toColourspace('b-w').png().toBuffer(),
    references: [],
    boxes: [],
    metadata: { json: '{}', xmp: null },
  });
  return layeredBytes(doc, format);
};

describe('layered files taken in', () => {
  it('stores the composite of a PSD and lists its layers; one layer, or its mask, can be taken instead', async () => {
    const { service, stored } = intake();
    const asset = await service.import('poster.psd', await exported('psd'));
    expect(stored[0]!.name).toBe('poster.png');
    expect(await pixelAt(stored[0]!.bytes, 5, 5)).toEqual([0, 255, 0, 255]);
    expect(asset.layered?.kind).toBe('PSD');
    expect(asset.layered?.layers.map((l) => [l.name, l.hasMask])).toEqual([
      ['Original · red.png', false],
      ['Pro 1.0 Fill · green… · 7', true],
      ['Mask (white = change)', false],
    ]);
    await service.take(asset.layered!.token, 0, 'picture');
    expect(await pixelAt(stored[1]!.bytes, 5, 5)).toEqual([255, 0, 0, 255]);
    await service.take(asset.layered!.token, 1, 'mask');
    const mask = await sharp(stored[2]!.bytes).metadata();
    expect([mask.width, mask.height, mask.channels]).toEqual([40, 30, 1]);
    expect((await sharp(stored[2]!.bytes).raw().toBuffer()).every((v) => v === 255)).toBe(true);
  });

  it('reads an OpenRaster file and a multi-page TIFF', async () => {
    const { service, stored } = intake();
    const ora = await service.import('poster.ora', await exported('ora'));
    expect(ora.layered?.layers.map((l) => l.name)).toEqual(['Original · red.png', 'Pro 1.0 Fill · green… · 7', 'Mask (white = change)']);
    const [a, b] = [join(dir, 'a.png'), join(dir, 'b.png')];
    writeFileSync(a, await solid(20, 10, '#0000ff'));
    writeFileSync(b, await solid(20, 10, '#ffff00'));
    magick(a, b, join(dir, 'pages.tif'));
    const tiff = await service.import('pages.tif', new Uint8Array(readFileSync(join(dir, 'pages.tif'))));
    expect(tiff.layered?.layers.map((l) => l.name)).toEqual(['Page 1', 'Page 2']);
    expect(await pixelAt(stored.at(-1)!.bytes, 1, 1)).toEqual([0, 0, 255, 255]);
  });

  it('passes an ordinary picture to the asset store as it is', async () => {
    const { service, stored } = intake();
    const png = await solid(4, 4, '#123456');
    const asset = await service.import('plain.png', png);
    expect(asset.layered).toBeUndefined();
    expect(stored[0]!.bytes).toBe(png);
  });

  it('says what to do with a CMYK, a 32-bit or a broken file, naming it, and stores nothing', async () => {
    const { service, stored } = intake();
    writeFileSync(join(dir, 'rgb.png'), await solid(8, 8, '#808080'));
    magick(join(dir, 'rgb.png'), '-colorspace', 'cmyk', join(dir, 'print.psd'));
    await expect(service.import('print.psd', new Uint8Array(readFileSync(join(dir, 'print.psd'))))).rejects.toThrow(/“print\.psd” is in CMYK.*Convert it to RGB/);
    const deep = new Uint8Array(await exported('psd'));
    new DataView(deep.buffer).setUint16(22, 32);
    await expect(service.import('hdr.psd', deep)).rejects.toThrow(/“hdr\.psd” has 32 bits per channel\. Save it at 8 or 16 bits/);
    const broken = (await exported('psd')).slice(0, 400);
    await expect(service.import('cut.psd', broken)).rejects.toThrow(/“cut\.psd” could not be read \(.*\); it may be damaged/);
    expect(stored).toEqual([]);
  });

  it('refuses in words the window says in its language, their English as before', async () => {
    const german = createText('de', await loadMessages('de'));
    const service = new LayeredIntakeService(async () => Promise.reject(new Error('nothing is stored')));
    const deep = new Uint8Array(await exported('psd'));
    new DataView(deep.buffer).setUint16(22, 32);
    const deepRefusal = await refusalOf(service.import('hdr.psd', deep));
    expect(deepRefusal.message).toBe('“hdr.psd” has 32 bits per channel. Save it at 8 or 16 bits per channel and add it again.');
    expect(say(german, deepRefusal.words, deepRefusal.message)).toBe('„hdr.psd“ hat 32 Bit pro Kanal. Speichere es mit 8 oder 16 Bit pro Kanal und füge es erneut hinzu.');
    const gone = await refusalOf(service.take('gone', 0, 'picture'));
    expect(say(german, gone.words, gone.message)).toMatch(/^Die Ebenen dieser Datei sind nicht mehr zur Hand/);
  });

  it('round trip: a layer changed by ImageMagick comes back, and the composite shows the change', async () => {
    const file = join(dir, 'round.psd');
    writeFileSync(file, await exported('psd'));
    const changed = join(dir, 'changed.psd');
    // ImageMagick writes its first image as the merged picture: the change is made there and in the top layer
    const paint = ['-fill', '#0000ff', '-draw', 'rectangle 0,0 9,9'];
    magick('(', `${file}[0]`, ...paint, ')', `${file}[1]`, '(', `${file}[2]`, ...paint, ')', changed);
    const { service, stored } = intake();
    const asset = await service.import('changed.psd', new Uint8Array(readFileSync(changed)));
    expect(await pixelAt(stored[0]!.bytes, 5, 5)).toEqual([0, 0, 255, 255]);
    expect(await pixelAt(stored[0]!.bytes, 20, 20)).toEqual([0, 255, 0, 255]);
    await service.take(asset.layered!.token, 1, 'picture');
    expect(await pixelAt(stored[1]!.bytes, 5, 5)).toEqual([0, 0, 255, 255]);
  });
});
