import { isBatchGroup } from '../batch/plan';
import type { EndpointSpec } from '../catalog/endpoint';
import { MAX_VARIATIONS } from '../ipc/contract';

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

/** The group a result was made in, as its record keeps it. */
interface MadeTogether {
  readonly id: string;
  readonly count: number;
}

/**
 * How many variations Generate makes after a result is reused: as many as the Generate that made it, and 1 when
 * that is not recorded or the result came from a batch (a batch's group is its pictures, not a Generate's
 * variations). Never what the panel happened to hold: that sent 4 paid requests for one reused result.
 */
export function reusedVariations(group: MadeTogether | null | undefined): number {
  if (!group || isBatchGroup(group.id)) return 1;
  return Math.max(1, Math.min(MAX_VARIATIONS, Math.round(group.count)));
}
