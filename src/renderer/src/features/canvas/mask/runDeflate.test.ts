import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateRows } from './runDeflate';

/** The PNG image data the stream must hold: each row led by its filter byte 0. */
function rows(width: number, height: number, grey: Uint8Array): Uint8Array {
  const out = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) out.set(grey.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return out;
}

/**
 * zlib itself reads the stream back, checking its header and its Adler-32; answers where it first differs from the
 * rows (-1 when it holds them exactly), since comparing 16 million bytes element by element would take minutes.
 */
function firstDifference(width: number, height: number, grey: Uint8Array, stream = deflateRows(width, height, grey)): number {
  const got = new Uint8Array(inflateSync(stream));
  const want = rows(width, height, grey);
  let i = 0;
  while (i < want.length && got[i] === want[i]) i++;
  return i === want.length && got.length === want.length ? -1 : i;
}

describe('deflateRows', () => {
  it('writes a zlib stream that inflates to the rows, for bytes with no runs at all', () => {
    const grey = new Uint8Array(301 * 97).map((_, i) => (i * 7919) % 256);
    expect(firstDifference(301, 97, grey)).toBe(-1);
  });

  it('holds a mask: long runs of 0 and 255 across rows, soft rims, runs of every length around 258', () => {
    const width = 1000;
    const height = 300;
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d = Math.hypot(x - 500, y - 150) / 120;
        grey[y * width + x] = d < 0.8 ? 255 : d < 1 ? Math.round(255 * (1 - (d - 0.8) / 0.2)) : 0;
      }
    }
    // Runs of 255 of lengths 256..263 on one row, so every remainder after a 258 match is met.
    for (let k = 0; k < 8; k++) grey.fill(255, 2 * width + k * 300, 2 * width + k * 300 + 256 + k);
    expect(firstDifference(width, height, grey)).toBe(-1);
  });

  it('stays exact on an empty 4096 x 4096 mask (one run of 16 million bytes) and on a full one', () => {
    const empty = new Uint8Array(4096 * 4096);
    expect(firstDifference(4096, 4096, empty)).toBe(-1);
    const full = new Uint8Array(4096 * 4096).fill(255);
    const stream = deflateRows(4096, 4096, full);
    expect(stream.length).toBeLessThan(200_000);
    expect(firstDifference(4096, 4096, full, stream)).toBe(-1);
  });

  it('reads runs a byte at a time where the buffer is not aligned to words, and widths that are not multiples of four', () => {
    const backing = new Uint8Array(1 + 37 * 23);
    const grey = backing.subarray(1);
    grey.fill(255, 40, 400);
    grey.fill(9, 500, 503);
    expect(firstDifference(37, 23, grey)).toBe(-1);
  });
});
