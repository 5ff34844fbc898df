import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../catalog/catalog';
import { clampOutpaint, outpaintLimits } from './outpaintFrame';

const outpainting = findEndpoint('outpainting-v1')!;
const picture = { width: 400, height: 300 };

describe('outpaint frame', () => {
  it('reads its limits from the catalog', () => {
    expect(outpaintLimits(outpainting)).toEqual({ minSide: 64, minOffset: 0 });
  });

  it('keeps a valid frame as it is', () => {
    const frame = { width: 800, height: 600, offsetX: 100, offsetY: 50 };
    expect(clampOutpaint(frame, picture, outpainting)).toEqual(frame);
  });

  it('never lets the frame be smaller than the picture or the endpoint allows, nor the picture leave it', () => {
    expect(clampOutpaint({ width: 0, height: 10, offsetX: -30, offsetY: 900 }, picture, outpainting)).toEqual({ width: 400, height: 300, offsetX: 0, offsetY: 0 });
    expect(clampOutpaint({ width: 500, height: 400, offsetX: 200, offsetY: 200 }, picture, outpainting)).toEqual({ width: 500, height: 400, offsetX: 100, offsetY: 100 });
    expect(clampOutpaint({ width: 10, height: 10, offsetX: 0, offsetY: 0 }, { width: 20, height: 20 }, outpainting)).toEqual({ width: 64, height: 64, offsetX: 0, offsetY: 0 });
    expect(clampOutpaint({ width: Number.NaN, height: 700.6, offsetX: 1.4, offsetY: 0 }, picture, outpainting)).toEqual({ width: 400, height: 701, offsetX: 0, offsetY: 0 });
  });
});
