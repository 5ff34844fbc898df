import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../shared/catalog/catalog';
import { cadenceFor, fullJitter, IMAGE_CADENCE, jitteredPoll, LONG_CADENCE, pollInterval, POLL_BACKOFF } from './policy';

describe('polling cadence', () => {
  it('polls images quickly at first and slows down, and long-running kinds slower still', () => {
    expect(cadenceFor(getEndpoint('gen-dev'))).toBe(IMAGE_CADENCE);
    expect(cadenceFor(getEndpoint('gen-3-video'))).toBe(LONG_CADENCE);
    expect(cadenceFor(getEndpoint('video-upscale-v1'))).toBe(LONG_CADENCE);
    const image = [0, 1, 2, 3, 4, 5, 10].map((n) => pollInterval(IMAGE_CADENCE, n));
    expect(image[0]).toBe(500);
    expect(image).toEqual([...image].sort((a, b) => a - b));
    expect(image.at(-1)).toBe(IMAGE_CADENCE.maxMs);
    expect(pollInterval(LONG_CADENCE, 0)).toBeGreaterThan(pollInterval(IMAGE_CADENCE, 0));
    expect(LONG_CADENCE.limitMs).toBeGreaterThan(IMAGE_CADENCE.limitMs);
  });

  it('spreads polls between half the interval and the interval', () => {
    expect(jitteredPoll(1000, () => 0)).toBe(500);
    expect(jitteredPoll(1000, () => 0.999)).toBeCloseTo(999.5);
  });
});

describe('backoff', () => {
  it('grows exponentially to a cap with full jitter', () => {
    expect(fullJitter(POLL_BACKOFF, 0, () => 1)).toBe(1000);
    expect(fullJitter(POLL_BACKOFF, 3, () => 1)).toBe(8000);
    expect(fullJitter(POLL_BACKOFF, 20, () => 1)).toBe(POLL_BACKOFF.capMs);
    expect(fullJitter(POLL_BACKOFF, 3, () => 0)).toBe(0);
    expect(fullJitter(POLL_BACKOFF, 3, () => 0.5)).toBe(4000);
  });
});
