import { describe, expect, it } from 'vitest';
import { getEndpoint } from './catalog';
import { expectedOutputSize } from './outputSize';

const upscale = getEndpoint('video-upscale-v1');
const pixels = (s: { width: number; height: number } | undefined) => (s ? s.width * s.height : NaN);

describe('video upscale output', () => {
  it('scales by upscale_factor up to 14.4 MP per frame', () => {
    // 1600 x 1000 at 3x is exactly 14.4 MP: not capped.
    expect(expectedOutputSize(upscale, { upscale_factor: 3 }, { video: { width: 1600, height: 1000 } })).toEqual({ width: 4800, height: 3000 });
    expect(expectedOutputSize(upscale, { upscale_factor: 1.5 }, { video: { width: 1280, height: 720 } })).toEqual({ width: 1920, height: 1080 });
  });

  it('caps the frame near 14.4 MP once the factor would go past it, keeping the shape', () => {
    const past = expectedOutputSize(upscale, { upscale_factor: 3 }, { video: { width: 1610, height: 1000 } });
    expect(pixels(past)).toBeLessThan(1610 * 3 * 1000 * 3);
    expect(pixels(past) / 1e6).toBeCloseTo(14.4, 1);
    const largest = expectedOutputSize(upscale, { upscale_factor: 3 }, { video: { width: 2560, height: 1440 } });
    expect(pixels(largest) / 1e6).toBeCloseTo(14.4, 1);
    expect(largest!.width / largest!.height).toBeCloseTo(2560 / 1440, 2);
  });
});
