import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPsdLayerMasks } from '../testing/psdLayerRecords';
import { buildLayered, type LayerSources } from './buildLayered';
import { writeLayeredFile } from './encodeLayered';
import { rlePays } from './psdPlane';

/**
 * Channels RLE where it pays and raw where it does not, in one file read back by ImageMagick pixel for pixel; the
 * compression codes are read by the spec's reader of the layer records, not by the app's writer.
 */
const W = 300;
const H = 200;
const noise = () => sharp({ create: { width: W, height: H, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
const flat = () => sharp({ create: { width: W, height: H, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
const rgba = async (png: Uint8Array) => new Uint8Array((await sharp(png).ensureAlpha().raw().toBuffer()).buffer.slice(0));
const magick = (...args: string[]) => new Uint8Array(execFileSync('convert', args, { maxBuffer: 1 << 26 }));

const sources = (pictures: Uint8Array[]): LayerSources => ({
  pictures: pictures.map((bytes, i) => ({ name: `Picture ${i}`, bytes })),
  frame: null,
  mask: null,
  references: [],
  boxes: [],
  metadata: { json: '{}', xmp: null },
});

async function exported(pictures: Uint8Array[]): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'psd-plane-')), 'mixed.psd');
  await writeLayeredFile(await buildLayered(sources(pictures)), 'psd', file);
  return file;
}

describe('each channel RLE or raw, as pays', () => {
  it('guesses from sampled rows: noise does not pay, a flat plane does', async () => {
    const n = await rgba(await noise());
    const f = await rgba(await flat());
    expect(rlePays(n, W, H, 4, [0, 1, 2])).toBe(false);
    expect(rlePays(n, W, H, 4, [3])).toBe(true);
    expect(rlePays(f, W, H, 4, [0, 1, 2])).toBe(true);
  });

  it('writes a noisy layer raw and a flat one RLE, both read back exactly, the merged image raw under a noisy top', async () => {
    const pictures = [await flat(), await noise()];
    const file = await exported(pictures);
    const records = readPsdLayerMasks(new Uint8Array(readFileSync(file)));
    // alpha, red, green, blue: an opaque picture's alpha always pays
    expect(records.map((r) => r.compressions)).toEqual([[1, 1, 1, 1], [1, 0, 0, 0]]);
    for (const [i, png] of pictures.entries()) expect(magick(`${file}[${i + 1}]`, 'rgba:-')).toEqual(await rgba(png));
    expect(magick(`${file}[0]`, 'rgba:-')).toEqual(await rgba(pictures[1]!));
    expect(readFileSync(file).readUInt16BE(readFileSync(file).length - 3 * W * H - 2)).toBe(0); // the merged image's one code
  });

  it('writes the merged image RLE under a flat top', async () => {
    const pictures = [await noise(), await flat()];
    const file = await exported(pictures);
    expect(readPsdLayerMasks(new Uint8Array(readFileSync(file))).map((r) => r.compressions)).toEqual([[1, 0, 0, 0], [1, 1, 1, 1]]);
    expect(magick(`${file}[0]`, 'rgba:-')).toEqual(await rgba(pictures[1]!));
    expect(magick(`${file}[1]`, 'rgba:-')).toEqual(await rgba(pictures[0]!));
  });
});
