import { describe, expect, it } from 'vitest';
import { maskFromTransparency } from '../staging/composite';
import { putMaskInAlpha } from './pixels';

const mask = (width: number, height: number, values: number[]) => ({ width, height, data: new Uint8Array(values) });

describe('the mask in the picture’s alpha channel (what alpha-mask endpoints receive)', () => {
  it('makes painted pixels transparent, unpainted ones opaque, soft ones partly so, and keeps every colour', () => {
    // A 3 x 2 picture whose pixels are all half transparent, so nothing can pass by keeping the old alpha.
    const rgba = new Uint8ClampedArray([10, 20, 30, 128, 40, 50, 60, 128, 70, 80, 90, 128, 1, 2, 3, 128, 4, 5, 6, 128, 7, 8, 9, 128]);
    putMaskInAlpha(rgba, mask(3, 2, [255, 0, 64, 0, 200, 255]));
    expect([...rgba]).toEqual([10, 20, 30, 0, 40, 50, 60, 255, 70, 80, 90, 191, 1, 2, 3, 255, 4, 5, 6, 55, 7, 8, 9, 0]);
  });

  it('reads back as the same mask where the result is kept inside it', () => {
    const values = Array.from({ length: 16 * 9 }, (_, i) => (i * 37) % 256);
    const rgba = new Uint8ClampedArray(16 * 9 * 4).fill(77);
    putMaskInAlpha(rgba, mask(16, 9, values));
    expect([...maskFromTransparency(rgba)]).toEqual(values);
  });

  it('refuses a picture of another size rather than shifting the mask', () => {
    expect(() => putMaskInAlpha(new Uint8ClampedArray(4 * 4), mask(2, 1, [0, 0]))).toThrow(/same size/);
  });
});
