import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeMaskPng } from './encodeMaskPng';
import { encodeGreyPng } from './greyPng';

async function decoded(png: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  expect(await sharp(png).metadata()).toMatchObject({ width, height, channels: 1, format: 'png' });
  const { data } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

describe('encodeGreyPng', () => {
  it('writes a one-channel PNG that decodes to exactly the bytes given', async () => {
    const width = 301;
    const height = 97;
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = (i * 7919) % 256;
    const png = await encodeGreyPng(width, height, grey);
    expect((await decoded(png, width, height)).every((v, i) => v === grey[i])).toBe(true);
  });

  it('stays exact on a large mask of every kind of row: runs past the longest match, runs cut by row starts, no runs', async () => {
    // 2.7 MB of rows: runs of 301 (deflate's longest match is 258, so a run is coded in pieces), a run that ends
    // mid-row, and rows with no repeat at all (literals only); the Adler-32 sums more than its 5552-byte stretches.
    const width = 301;
    const height = 9000;
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) {
      const [x, y] = [i % width, Math.floor(i / width)];
      grey[i] = y % 3 === 0 ? 255 : y % 3 === 1 ? (i * 31 + (i >> 12)) % 256 : x < 150 ? 0 : 255;
    }
    const png = await encodeGreyPng(width, height, grey);
    expect((await decoded(png, width, height)).every((v, i) => v === grey[i])).toBe(true);
  });
});

describe('encodeMaskPng', () => {
  it('encodes in place where no worker can start (here, Node) with the same bytes', async () => {
    const mask = { width: 64, height: 32, data: new Uint8Array(64 * 32).map((_, i) => (i % 5 === 0 ? 255 : 0)) };
    expect(await encodeMaskPng(mask)).toEqual(await encodeGreyPng(64, 32, mask.data));
  });
});
