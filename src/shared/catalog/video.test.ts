import { describe, expect, it } from 'vitest';
import { upscaledFrameSize } from './video';

describe('upscaledFrameSize', () => {
  it('is the source times the factor while it stays under 14.4 MP, with even edges', () => {
    expect(upscaledFrameSize({ width: 1280, height: 720 }, 1.5)).toEqual({ width: 1920, height: 1080, capped: false });
    expect(upscaledFrameSize({ width: 1600, height: 1000 }, 3)).toEqual({ width: 4800, height: 3000, capped: false });
    expect(upscaledFrameSize({ width: 321, height: 181 }, 1.5)).toEqual({ width: 482, height: 272, capped: false });
  });

  it('takes 2 when no factor is given', () => {
    expect(upscaledFrameSize({ width: 320, height: 192 })).toEqual({ width: 640, height: 384, capped: false });
  });

  it('caps near 14.4 MP per frame, keeping the shape, and says it was capped', () => {
    const qhd = upscaledFrameSize({ width: 2560, height: 1440 }, 3);
    expect(qhd.capped).toBe(true);
    expect((qhd.width * qhd.height) / 1e6).toBeCloseTo(14.4, 1);
    expect(qhd.width / qhd.height).toBeCloseTo(2560 / 1440, 2);
    expect(qhd.width % 2 + (qhd.height % 2)).toBe(0);
    expect(upscaledFrameSize({ width: 1920, height: 1080 }, 3)).toEqual({ width: 5060, height: 2846, capped: true });
    // A factor that stays under the cap at one source is capped at a larger one.
    expect(upscaledFrameSize({ width: 1920, height: 1080 }, 1.5).capped).toBe(false);
  });
});
