import { describe, expect, it } from 'vitest';
import { clampFrame, frameAt, lastFrameOf, seekTimeOf } from './playhead';

describe('playhead', () => {
  it('reads back the frame it seeks to, for every frame of a 20 s clip', () => {
    for (let frame = 0; frame < 480; frame++) expect(frameAt(seekTimeOf(frame))).toBe(frame);
  });

  it('reads a frame start that floating point put a hair short as that frame', () => {
    expect(frameAt(78 / 24)).toBe(78);
    expect(frameAt(3.2499999999)).toBe(78);
    expect(frameAt(78 / 24 - 0.001)).toBe(77);
  });

  it('knows the last frame of a clip and keeps frames inside it', () => {
    expect(lastFrameOf(4)).toBe(95);
    expect(lastFrameOf(4.0000001)).toBe(96);
    expect(lastFrameOf(NaN)).toBe(0);
    expect(clampFrame(-3, 4)).toBe(0);
    expect(clampFrame(200, 4)).toBe(95);
    expect(clampFrame(95 + 24, 4)).toBe(95);
  });

  it('treats a time before the start or unknown as the first frame', () => {
    expect(frameAt(-1)).toBe(0);
    expect(frameAt(NaN)).toBe(0);
  });
});
