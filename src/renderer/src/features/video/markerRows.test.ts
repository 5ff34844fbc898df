import { describe, expect, it } from 'vitest';
import { markerRows } from './markerRows';

describe('keyframe marker rows', () => {
  it('keeps keyframes far apart on one row and lifts close ones to the next, up to three rows', () => {
    expect(markerRows([0, 100, 200], 200, 600)).toEqual([0, 0, 0]);
    expect(markerRows([0, 5, 10, 15, 200], 200, 600)).toEqual([0, 1, 2, 0, 0]);
    expect(markerRows([0, 1, 2, 3, 4], 480, 600).every((r) => r >= 0 && r < 3)).toBe(true);
  });
});
