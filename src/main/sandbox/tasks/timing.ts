import type { EndpointSpec, TaskKind } from '../../../shared/catalog/endpoint';
import type { SandboxOptions } from '../api';

/** Realistic seconds for the demo, by kind of work; long-running endpoints (video) take longer. */
export const DEMO_MS: Readonly<Record<TaskKind, number>> = {
  'text-to-image': 3000,
  edit: 5000,
  inpaint: 6000,
  expand: 6000,
  'multi-reference': 5000,
  video: 25_000,
  tool: 4000,
};
export const DEMO_LONG_RUNNING_MS = 15_000;

/** How long a task of this endpoint stays Pending: 0 (ready on the first poll) unless the demo or the options say. */
export function pendingDuration(endpoint: EndpointSpec, options: Pick<SandboxOptions, 'timing' | 'durations' | 'durationSpread'>, prompt?: string): number {
  return Math.round(baseDuration(endpoint, options) * spreadFactor(options.durationSpread ?? 0, prompt ?? ''));
}

function baseDuration(endpoint: EndpointSpec, options: Pick<SandboxOptions, 'timing' | 'durations'>): number {
  const own = options.durations?.[endpoint.id];
  if (own !== undefined) return Math.max(0, own);
  if (options.timing !== 'demo') return 0;
  const byKind = DEMO_MS[endpoint.kind];
  return endpoint.longRunning ? Math.max(byKind, DEMO_LONG_RUNNING_MS) : byKind;
}

/**
 * Real tasks do not all take the same time: a factor between 1 - spread and 1 + spread, drawn from the prompt
 * (FNV-1a), so the same request takes the same time wherever it is sent (a benchmark can send one task to two
 * clients and compare them) while different ones spread evenly.
 */
function spreadFactor(spread: number, prompt: string): number {
  if (spread <= 0) return 1;
  let hash = 0x811c9dc5;
  for (let i = 0; i < prompt.length; i++) hash = Math.imul(hash ^ prompt.charCodeAt(i), 0x01000193) >>> 0;
  return 1 - spread + (2 * spread * hash) / 2 ** 32;
}
