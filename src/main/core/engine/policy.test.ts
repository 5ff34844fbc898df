import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../shared/catalog/catalog';
import { cadenceFor, fullJitter, IMAGE_CADENCE, LONG_CADENCE, POLL_BACKOFF } from './policy';

describe('polling cadence', () => {
  it('paces images at 0.5 s and long-running kinds at 2 s, and waits longer for the latter', () => {
    expect(cadenceFor(getEndpoint('gen-dev'))).toBe(IMAGE_CADENCE);
    expect(cadenceFor(getEndpoint('gen-3-video'))).toBe(LONG_CADENCE);
    expect(cadenceFor(getEndpoint('video-upscale-v1'))).toBe(LONG_CADENCE);
    expect(IMAGE_CADENCE.firstMs).toBe(500);
    expect(LONG_CADENCE.firstMs).toBe(2000);
    expect(IMAGE_CADENCE.maxMs).toBeGreaterThan(IMAGE_CADENCE.firstMs);
    expect(LONG_CADENCE.usualMs).toBeGreaterThan(IMAGE_CADENCE.usualMs);
    expect(LONG_CADENCE.limitMs).toBeGreaterThan(IMAGE_CADENCE.limitMs);
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
