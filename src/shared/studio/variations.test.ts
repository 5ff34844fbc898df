import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import { reusedVariations } from './reusedVariations';
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

describe('variations after a reuse', () => {
  it('are as many as the result’s Generate made, 1 when that is not recorded', () => {
    expect(reusedVariations({ id: 'g-1', count: 1 })).toBe(1);
    expect(reusedVariations({ id: 'g-2', count: 3 })).toBe(3);
    expect(reusedVariations(null)).toBe(1);
    expect(reusedVariations(undefined)).toBe(1);
  });
  it('are 1 for a batch’s picture, whose group is the batch, and never more than one Generate makes', () => {
    expect(reusedVariations({ id: 'bt-0f3a', count: 40 })).toBe(1);
    expect(reusedVariations({ id: 'g-3', count: 40 })).toBe(8);
  });
});
