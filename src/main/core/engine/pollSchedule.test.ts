import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../shared/catalog/catalog';
import { IMAGE_CADENCE, LONG_CADENCE, type PollingCadence } from './policy';
import { durationBucket, planNextPoll, TaskDurations, type Expectation } from './pollSchedule';

/** A seeded generator, so a spread of durations is the same on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Followed {
  /** when each poll went out, ms from acceptance */
  readonly polls: number[];
  /** the first poll at or after Ready */
  readonly fetchedAt: number;
}

/**
 * Follows one task through the schedule on a virtual clock: polls until one comes at or after `readyAt`.
 * `progress` gives what the service says at a time (null: nothing).
 */
function follow(cadence: PollingCadence, readyAt: number, learned: Expectation | null, o: { random?: () => number; progress?: (t: number) => number | null } = {}): Followed {
  const random = o.random ?? (() => 0.5);
  const polls: number[] = [];
  let predictedMs: number | null = null;
  let progress: number | null = null;
  let t = 0;
  for (;;) {
    const plan = planNextPoll(cadence, { elapsedMs: t, progress, learned, predictedMs }, random);
    predictedMs = plan.predictedMs;
    t += plan.delayMs;
    polls.push(t);
    if (t >= readyAt) return { polls, fetchedAt: t };
    progress = o.progress?.(t) ?? null;
    if (polls.length > 10_000) throw new Error('never reached Ready');
  }
}

const gaps = (polls: number[]) => polls.slice(1).map((t, i) => t - polls[i]!);

describe('the poll schedule', () => {
  it('fetches a task that takes its usual time within one poll at the public clients’ pace of Ready', () => {
    const learned = { lowMs: 2600, highMs: 3400 };
    for (const readyAt of [2600, 2900, 3000, 3250, 3400]) {
      for (const r of [0, 0.5, 0.999]) {
        const { fetchedAt } = follow(IMAGE_CADENCE, readyAt, learned, { random: () => r });
        expect(fetchedAt - readyAt, `ready at ${readyAt}, random ${r}`).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
      }
    }
    // Videos at theirs.
    const video = follow(LONG_CADENCE, 61_000, { lowMs: 58_000, highMs: 64_000 });
    expect(video.fetchedAt - 61_000).toBeLessThanOrEqual(LONG_CADENCE.firstMs);
  });

  it('polls sparsely while a long task is far from its expected finish', () => {
    const { polls, fetchedAt } = follow(IMAGE_CADENCE, 180_000, { lowMs: 178_000, highMs: 182_000 });
    expect(fetchedAt - 180_000).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
    // A client at 0.5 s sends 360; this one a dozen before the window, and the window itself.
    expect(polls.filter((t) => t < 177_000).length).toBeLessThanOrEqual(15);
    expect(polls.length).toBeLessThan(30);
    // Still heard of soon after the start (a task refused at once is not left for half a minute).
    expect(polls[0]).toBeLessThanOrEqual(4 * IMAGE_CADENCE.firstMs);
    expect(gaps(polls).every((g) => g <= 30_000)).toBe(true);
  });

  it('uses the service’s progress to predict a task’s finish when nothing is known of its kind', () => {
    // Progress rounded to whole percents, as services send it.
    const progress = (t: number) => Math.min(0.99, Math.round((t / 180_000) * 100) / 100);
    const { polls, fetchedAt } = follow(IMAGE_CADENCE, 180_000, null, { progress });
    expect(fetchedAt - 180_000).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
    expect(polls.length).toBeLessThan(40);
  });

  it('backs off only once a task runs well past its expected finish', () => {
    const learned = { lowMs: 3000, highMs: 3000 };
    const { polls } = follow(IMAGE_CADENCE, 120_000, learned);
    const around = gaps(polls.filter((t) => t >= 2500 && t <= 5000));
    expect(around.length).toBeGreaterThan(3);
    expect(Math.max(...around)).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
    const late = gaps(polls.filter((t) => t > 20_000));
    expect(Math.min(...late)).toBeGreaterThan(2000);
    expect(Math.max(...late)).toBeLessThanOrEqual(IMAGE_CADENCE.maxMs);
    // Once overdue, intervals only grow (give or take the 10% spread that keeps tasks out of step).
    const after = gaps(polls.filter((t) => t > 6000));
    expect(after.every((g, i) => i === 0 || g >= after[i - 1]! * 0.9)).toBe(true);
  });

  it('polls at the pace from the start while nothing is known, then backs off after the kind’s usual time', () => {
    const { polls } = follow(IMAGE_CADENCE, 60_000, null);
    expect(polls[0]).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
    expect(Math.max(...gaps(polls.filter((t) => t < IMAGE_CADENCE.usualMs)))).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
    expect(Math.max(...gaps(polls))).toBeGreaterThan(2000);
  });

  it('keeps polls per task within 1.5x those of a client polling every 0.5 s, with jittered durations', () => {
    const random = seeded(7);
    const durations = new TaskDurations();
    let ours = 0;
    let theirs = 0;
    let late = 0;
    for (let i = 0; i < 60; i++) {
      const readyAt = 2000 + random() * 2000;
      const followed = follow(IMAGE_CADENCE, readyAt, durations.expectation('k'), { random });
      durations.learn('k', readyAt);
      ours += followed.polls.length;
      theirs += Math.ceil(readyAt / 500);
      late = Math.max(late, i >= 12 ? followed.fetchedAt - readyAt : 0);
    }
    expect(ours / theirs).toBeLessThanOrEqual(1.5);
    // Once a dozen have been seen, every one is fetched within one poll of Ready.
    expect(late).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
  });
});

describe('what tasks of a kind took', () => {
  it('keeps the recent spread per kind', () => {
    const d = new TaskDurations();
    expect(d.expectation('a')).toBeNull();
    for (const ms of [3000, 2500, 4000]) d.learn('a', ms);
    d.learn('a', Number.NaN);
    expect(d.expectation('a')).toEqual({ lowMs: 2500, highMs: 4000 });
    for (let i = 0; i < 20; i++) d.learn('a', 10_000);
    expect(d.expectation('a')).toEqual({ lowMs: 10_000, highMs: 10_000 });
  });

  it('tells videos apart by resolution, mode and length, and keys apart', () => {
    const video = getEndpoint('gen-3-video');
    const hd = durationBucket('k1', 'gen-3-video', video, { mode: 't2v', resolution: 'hd', duration: 5, prompt: 'a' });
    expect(durationBucket('k1', 'gen-3-video', video, { mode: 't2v', resolution: 'hd', duration: 5, prompt: 'b' })).toBe(hd);
    expect(durationBucket('k1', 'gen-3-video', video, { mode: 't2v', resolution: 'uhd', duration: 5 })).not.toBe(hd);
    expect(durationBucket('k1', 'gen-3-video', video, { mode: 't2v', resolution: 'hd', duration: 10 })).not.toBe(hd);
    expect(durationBucket('k1', 'gen-3-video', video, { mode: 'i2v', resolution: 'hd', duration: 5 })).not.toBe(hd);
    expect(durationBucket('k2', 'gen-3-video', video, { mode: 't2v', resolution: 'hd', duration: 5 })).not.toBe(hd);
    const dev = getEndpoint('gen-dev');
    expect(durationBucket('k1', 'gen-dev', dev, { prompt: 'a', seed: 1 })).toBe(durationBucket('k1', 'gen-dev', dev, { prompt: 'b' }));
  });
});

describe('a poll aimed at the finish progress predicts', () => {
  it('sees a task with steady progress Ready at once rather than up to a pace later, without polling more', () => {
    // Whole percents, as the Sandbox and the service send them.
    for (const readyAt of [2700, 3120, 3333, 3890]) {
      const progress = (t: number) => Math.min(0.99, Math.round((t / readyAt) * 100) / 100);
      const aimed = follow(IMAGE_CADENCE, readyAt, { lowMs: 2100, highMs: 3900 }, { progress });
      expect(aimed.fetchedAt - readyAt, `ready at ${readyAt}`).toBeLessThanOrEqual(150);
      expect(aimed.polls.length).toBeLessThanOrEqual(Math.ceil(readyAt / 500) + 1);
    }
  });
});
