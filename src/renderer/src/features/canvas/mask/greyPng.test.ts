import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeGreyPng } from './greyPng';

describe('encodeGreyPng', () => {
  it('writes a one-channel PNG that decodes to exactly the bytes given', async () => {
    const width = 301;
    const height = 97;
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = (i * 7919) % 256;
    const png = await encodeGreyPng(width, height, grey);
    expect(await sharp(png).metadata()).toMatchObject({ width, height, channels: 1, format: 'png' });
    const { data } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(new Uint8Array(data).every((v, i) => v === grey[i])).toBe(true);
  });
});
