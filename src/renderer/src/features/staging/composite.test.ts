import { describe, expect, it } from 'vitest';
import { compositeInsideMask, maskFromGrey, maskFromTransparency } from './composite';

const px = (...values: number[][]) => new Uint8ClampedArray(values.flat());

describe('keeping outside the mask untouched', () => {
  it('takes the result inside the mask, the original outside, and blends where the mask is soft', () => {
    const original = px([10, 20, 30, 255], [40, 50, 60, 255], [0, 0, 0, 255]);
    const result = px([200, 200, 200, 255], [100, 110, 120, 255], [255, 255, 255, 255]);
    const mask = new Uint8Array([0, 255, 128]);
    expect([...compositeInsideMask(original, result, mask)]).toEqual([10, 20, 30, 255, 100, 110, 120, 255, 128, 128, 128, 255]);
  });

  it('refuses pictures of different sizes rather than shifting pixels', () => {
    expect(() => compositeInsideMask(px([0, 0, 0, 255]), px([0, 0, 0, 255], [1, 1, 1, 255]), new Uint8Array([255]))).toThrow(/same size/);
  });

  it('reads a grey mask image by its brightness and an alpha mask by its transparency', () => {
    expect([...maskFromGrey(px([255, 255, 255, 255], [0, 0, 0, 255], [128, 128, 128, 255]))]).toEqual([255, 0, 128]);
    expect([...maskFromTransparency(px([9, 9, 9, 0], [9, 9, 9, 255], [9, 9, 9, 55]))]).toEqual([255, 0, 200]);
  });
});
