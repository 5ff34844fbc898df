import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import { MAX_SEED, takesSeed, variationSeeds } from './variations';

describe('variation seeds', () => {
  it('start at the artist’s seed, one apart, and wrap inside the 32-bit range', () => {
    expect(variationSeeds(3, 7, () => 0.5)).toEqual([7, 8, 9]);
    expect(variationSeeds(2, MAX_SEED, () => 0.5)).toEqual([MAX_SEED, 0]);
  });
  it('start at random when none is given, and never repeat within a group', () => {
    const seeds = variationSeeds(8, undefined, () => 0.25);
    expect(new Set(seeds).size).toBe(8);
    expect(seeds[0]).toBe(Math.floor(0.25 * (MAX_SEED + 1)));
  });
  it('go only to endpoints with a seed field', () => {
    expect(takesSeed(getEndpoint('gen-dev'))).toBe(true);
    expect(takesSeed(getEndpoint('deblur-v1'))).toBe(false);
  });
});
