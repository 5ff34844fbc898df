import type { EndpointSpec } from '../catalog/endpoint';

/** Seeds stay within a signed 32-bit integer, which every seed field of the service accepts. */
export const MAX_SEED = 2 ** 31 - 1;

export function takesSeed(endpoint: EndpointSpec): boolean {
  return endpoint.fields.some((f) => f.role === 'seed');
}

/**
 * One seed per variation, one apart: from the artist's seed (so the first reruns what that seed gave before),
 * or from a random start when none was given, so no two variations of a group repeat each other. Each is kept
 * on its task, so any one can be run again.
 */
export function variationSeeds(count: number, given: unknown, random: () => number): number[] {
  const start = typeof given === 'number' && Number.isInteger(given) ? given : Math.floor(random() * (MAX_SEED + 1));
  return Array.from({ length: count }, (_, i) => (start + i) % (MAX_SEED + 1));
}
