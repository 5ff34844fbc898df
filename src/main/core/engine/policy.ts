import type { EndpointSpec } from '../../../shared/catalog/endpoint';

/**
 * How often and how long the engine waits. Public clients poll images every 0.5 to 1 s and videos every 2 s,
 * and give up after 1 to 6 minutes for images and 10 for videos; results expire about 10 minutes after Ready.
 * Gen Studio waits longer than they do before giving up (a paid task is worth the patience), and a task it
 * stops waiting for can be checked again without being sent again.
 */
export interface PollingCadence {
  /** the public clients' pace: the interval around a task's expected finish (and the first poll's delay) */
  readonly firstMs: number;
  /** the slowest interval once a task runs well past its expected finish (longer for very long tasks) */
  readonly maxMs: number;
  /** how long a task of this kind is taken to run at most before anything is known of this key's tasks */
  readonly usualMs: number;
  /** how long to keep polling a task whose status is not final */
  readonly limitMs: number;
}

export const IMAGE_CADENCE: PollingCadence = { firstMs: 500, maxMs: 2500, usualMs: 15_000, limitMs: 10 * 60_000 };
export const LONG_CADENCE: PollingCadence = { firstMs: 2000, maxMs: 6000, usualMs: 120_000, limitMs: 30 * 60_000 };

export function cadenceFor(endpoint: Pick<EndpointSpec, 'kind' | 'longRunning'> | undefined): PollingCadence {
  return endpoint && (endpoint.longRunning || endpoint.kind === 'video') ? LONG_CADENCE : IMAGE_CADENCE;
}

/** Retries after errors: capped exponential backoff with full jitter (a delay drawn from zero to the cap). */
export interface Backoff {
  readonly baseMs: number;
  readonly capMs: number;
  /** tries in all before the task fails with a Retry action */
  readonly attempts: number;
}

/** 5xx and lost answers while sending: the service did not take the task, so trying again is safe. */
export const SUBMIT_BACKOFF: Backoff = { baseMs: 1000, capMs: 30_000, attempts: 5 };
/**
 * A connection refused before anything was sent: safe to send again. Tried this many times (a busy service
 * refuses some connections), then the connection counts as away and the task waits for it.
 */
export const CONNECT_BACKOFF: Backoff = { baseMs: 1000, capMs: 15_000, attempts: 6 };
export const POLL_BACKOFF: Backoff = { baseMs: 1000, capMs: 30_000, attempts: 8 };
/** The result address expires, so downloads retry sooner and fewer times. */
export const DOWNLOAD_BACKOFF: Backoff = { baseMs: 500, capMs: 10_000, attempts: 5 };

export function fullJitter(backoff: Backoff, attempt: number, random: () => number): number {
  return random() * Math.min(backoff.capMs, backoff.baseMs * 2 ** attempt);
}

/** 429 without Retry-After: wait this long (or until an earlier task of the key finishes). */
export const RATE_LIMIT_DEFAULT_MS = 5000;
export const RATE_LIMIT_MAX_MS = 5 * 60_000;
/** 429s in a row before the task fails with a Retry action. */
export const RATE_LIMIT_ATTEMPTS = 30;

/** `Task not found` right after submission may be the service catching up; a few answers, then it is final. */
export const NOT_FOUND_GRACE = { answers: 3, withinMs: 30_000 } as const;

export const SUBMIT_TIMEOUT_MS = 120_000;
export const POLL_TIMEOUT_MS = 30_000;
export const DOWNLOAD_TIMEOUT_MS = 120_000;
export const MAX_RESULT_BYTES = 512 * 1024 * 1024;
