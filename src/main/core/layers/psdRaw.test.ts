import { describe, expect, it } from 'vitest';
import type { BandPixels } from './layerPixels';
import { ColourScratch, colourPlanes, rawPlane } from './psdRaw';
import type { PsdPlane } from './psdPlane';

/** Every byte different from its neighbours, so a channel read from the wrong place shows. */
function pixels(width: number, height: number, bands: 3 | 4, offset = 0): BandPixels {
  const all = new Uint8Array(offset + width * height * bands);
  for (let i = 0; i < all.length; i++) all[i] = (i * 131 + (i >> 8) * 7) & 255;
  return { width, height, bands, data: all.subarray(offset) };
}

/** The channel the slow, obvious way. */
function expected(p: BandPixels, band: number): Uint8Array {
  const out = new Uint8Array(p.width * p.height);
  for (let i = 0; i < out.length; i++) out[i] = p.data[i * p.bands + band]!;
  return out;
}

/** Byte-for-byte equality without a deep comparison of a million elements. */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

/** The plane's bytes as a writer gets them: each slice copied before the next is asked for. */
function written(p: BandPixels, band: number): Uint8Array {
  return bytesOf(rawPlane(p, band));
}

function bytesOf(plane: PsdPlane): Uint8Array {
  const out = new Uint8Array(plane.length);
  let at = 0;
  for (const slice of plane.data) {
    out.set(slice, at);
    at += slice.length;
  }
  expect(at).toBe(plane.length);
  return out;
}

describe('a raw channel read from interleaved pixels', () => {
  // 1031 × 1023 is more than one slice (2^20 pixels) and not a whole number of 4-pixel words
  it.each([3, 4] as const)('gives every channel of %i-band pixels byte for byte, across slices and a ragged end', (bands) => {
    const p = pixels(1031, 1023, bands);
    for (let band = 0; band < bands; band++) expect(same(written(p, band), expected(p, band))).toBe(true);
  });

  it('reads pixels that do not start on a word boundary byte by byte, the same', () => {
    const p = pixels(33, 7, 3, 1);
    for (let band = 0; band < 3; band++) expect(same(written(p, band), expected(p, band))).toBe(true);
  });

  it('can be written twice (an opaque top layer is also the merged image)', () => {
    const p = pixels(64, 64, 3);
    expect(written(p, 1)).toEqual(written(p, 1));
  });

  it.each([3, 4] as const)('reads the colour channels of %i-band pixels together, whatever else used the scratch memory between', (bands) => {
    const scratch = new ColourScratch();
    const big = pixels(1031, 1023, bands);
    const small = pixels(37, 5, bands, 4);
    const bigPlanes = colourPlanes(big, scratch);
    const smallPlanes = colourPlanes(small, scratch);
    // written in the file's order: one layer's red, green, blue, then the next's, then the first one's again (the merged image)
    for (const [p, planes] of [[big, bigPlanes], [small, smallPlanes], [big, bigPlanes]] as const)
      for (let band = 0; band < 3; band++) expect(same(bytesOf(planes[band]!), expected(p, band))).toBe(true);
    // green asked for before red, and red after another picture took the memory
    expect(same(bytesOf(bigPlanes[1]!), expected(big, 1))).toBe(true);
    expect(same(bytesOf(smallPlanes[0]!), expected(small, 0))).toBe(true);
    expect(same(bytesOf(bigPlanes[0]!), expected(big, 0))).toBe(true);
  });
});
