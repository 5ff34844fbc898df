import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import type { PollingCadence } from './policy';

/**
 * When to poll a running task next: a schedule that follows the task rather than a fixed backoff.
 *
 * A fixed backoff (0.5 s growing to 2.5 s) polls most slowly just when an image that takes 3 s is due, so every
 * result arrived about a second after the service had it. Instead the engine learns how long tasks take with
 * this key (per endpoint, and per resolution, mode and length where the endpoint has them), and:
 * - before the earliest expected finish it polls sparsely, halving the time left each poll (so a 180 s task
 *   costs a dozen polls, not 360, and a task refused at once is still heard of within a few seconds);
 * - from just before the earliest expected finish to a margin past the latest it polls at the public clients'
 *   pace (0.5 s for images, 2 s for videos), so a task that takes its usual time is fetched within one poll of
 *   Ready, as the service's own client would;
 * - only once a task runs well past what was expected does it back off, towards the kind's slowest interval.
 * `progress`, when the service sends it, predicts this task's own finish and takes the place of history; a poll
 * that would come later than that finish is brought forward to just after it.
 * It never polls faster than 90% of the pace (a spread that keeps tasks sent together out of step), so polls per
 * task stay within about 1.1x what a client polling at that pace sends.
 */

/** The earliest and latest finish expected, in ms from the service's acceptance. */
export interface Expectation {
  readonly lowMs: number;
  readonly highMs: number;
}

/** Recent durations kept per kind of task; enough to see the spread, few enough to follow a change. */
const SAMPLES = 12;

/** Below this, `progress` (often rounded to whole percents) says too little to predict from. */
const MIN_PROGRESS = 0.01;
/** Above this, progress is no longer used to move the prediction: a task can sit at 99% for a while. */
const MAX_PREDICTING_PROGRESS = 0.95;
/** A prediction from progress is held as a window this much either side of it (whole percents at 90% are ±0.6%). */
const PROGRESS_SPREAD = 0.02;
/** A poll aimed at the finish progress predicts goes this long after it (the answer must already say Ready). */
const AIM_AFTER_MS = 30;
/** ...and never sooner than this after the last one. */
const MIN_AIMED_MS = 100;
/** The longest sparse wait before the window; a task that ends early (moderated, failed) waits at most this. */
const SPARSE_CAP_MS = 30_000;
/** Well past: beyond the latest expected finish by half of it again (and one pace). */
const OVERDUE_FACTOR = 1.5;
/** How fast the interval grows once overdue: this much of the time spent overdue is added to the pace. */
const BACKOFF_SLOPE = 0.25;

/** What this key's recent tasks took from acceptance to Ready, by kind of task. In memory: learned again from the records at start-up. */
export class TaskDurations {
  private readonly samples = new Map<string, number[]>();

  learn(bucket: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    let list = this.samples.get(bucket);
    if (!list) this.samples.set(bucket, (list = []));
    list.push(ms);
    if (list.length > SAMPLES) list.shift();
  }

  expectation(bucket: string): Expectation | null {
    const list = this.samples.get(bucket);
    if (!list?.length) return null;
    return { lowMs: Math.min(...list), highMs: Math.max(...list) };
  }
}

/**
 * The kind of task whose durations are comparable: same key, same endpoint, and for the fields that change how
 * long the work is (resolution, video mode, length) the same values.
 */
export function durationBucket(keyId: string, endpointId: string, endpoint: EndpointSpec | undefined, params: Readonly<Record<string, JsonValue | undefined>>): string {
  const parts = [keyId, endpointId];
  if (endpoint) {
    const names = new Set<string>();
    for (const f of endpoint.fields) if (f.role === 'resolution' || f.role === 'video-mode') names.add(f.name);
    for (const rule of endpoint.rules) if (rule.kind === 'duration-by-mode') names.add(rule.durationField);
    for (const name of [...names].sort()) {
      const value = params[name];
      if (value !== undefined && value !== null) parts.push(`${name}=${JSON.stringify(value)}`);
    }
  }
  return parts.join('|');
}

export interface PollTiming {
  /** since the service accepted the task */
  readonly elapsedMs: number;
  /** the service's progress, 0 to 1, when it moved since the last poll (else null) */
  readonly progress: number | null;
  /** what tasks of this kind took with this key, when any has been seen */
  readonly learned: Expectation | null;
  /** the finish an earlier poll's progress predicted (kept once progress nears its end and says less) */
  readonly predictedMs: number | null;
}

export interface PollPlan {
  readonly delayMs: number;
  /** the finish progress predicts now; to be passed back in at the next poll */
  readonly predictedMs: number | null;
}

/** The delay before the next poll of a task that is still running. `random` in [0, 1) spreads many tasks apart. */
export function planNextPoll(cadence: PollingCadence, t: PollTiming, random: () => number): PollPlan {
  const pace = cadence.firstMs;
  const e = Math.max(0, t.elapsedMs);
  const predictedMs = t.progress !== null && t.progress >= MIN_PROGRESS && t.progress <= MAX_PREDICTING_PROGRESS && e > 0 ? e / t.progress : t.predictedMs;
  const expected: Expectation =
    predictedMs !== null
      ? { lowMs: predictedMs * (1 - PROGRESS_SPREAD), highMs: predictedMs * (1 + PROGRESS_SPREAD) }
      : (t.learned ?? { lowMs: 0, highMs: cadence.usualMs });
  // Spread between 90% and 100% of the delay: tasks sent together do not stay in step, and never poll slower than asked.
  const spread = (ms: number) => ms * (0.9 + 0.1 * random());
  const windowStart = expected.lowMs - pace;
  if (e < windowStart) {
    const left = windowStart - e;
    // Halve what is left, but early on grow from the pace (a task refused at once is heard of soon).
    const sparse = Math.min(SPARSE_CAP_MS, left / 2, Math.max(4 * pace, e));
    return { delayMs: spread(Math.max(pace, sparse)), predictedMs };
  }
  const overdueAt = expected.highMs * OVERDUE_FACTOR + pace;
  if (e <= overdueAt) {
    // Progress that moved just now predicts the finish closely: when it falls before the next poll at the pace,
    // that poll goes just after it instead (no more polls than the pace; Ready seen at once rather than up to a
    // pace later).
    const aim = t.progress !== null && predictedMs !== null ? predictedMs + AIM_AFTER_MS - e : Number.POSITIVE_INFINITY;
    if (aim > 0 && aim < pace) return { delayMs: Math.max(aim, MIN_AIMED_MS), predictedMs };
    return { delayMs: spread(pace), predictedMs };
  }
  const cap = Math.max(cadence.maxMs, expected.highMs * 0.05);
  return { delayMs: spread(Math.min(cap, pace + (e - overdueAt) * BACKOFF_SLOPE)), predictedMs };
}
