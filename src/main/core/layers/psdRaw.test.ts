import { describe, expect, it } from 'vitest';
import type { BandPixels } from './layerPixels';
import { rawPlane } from './psdRaw';

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
  const plane = rawPlane(p, band);
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
});
