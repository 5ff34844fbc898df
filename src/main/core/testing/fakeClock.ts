import type { Clock, TimerHandle } from '../deps';

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly callback: () => void;
}

/** A clock whose time moves only when a test says so. */
export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, Timer>();

  constructor(start = Date.UTC(2026, 0, 14, 10, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + Math.max(0, ms), seq: id, callback });
    return id as unknown as TimerHandle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as unknown as number);
  }

  /** When the earliest timer not yet fired is due, if any. */
  nextDue(): number | undefined {
    let next: number | undefined;
    for (const t of this.timers.values()) if (next === undefined || t.at < next) next = t.at;
    return next;
  }

  /** Timers not yet fired. */
  pending(): number {
    return this.timers.size;
  }

  /** Moves time forward, firing due timers in order (each at its own time). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].callback();
    }
    this.time = end;
  }
}

/** Lets pending promise callbacks and I/O run. */
export const settle = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** File reads and writes under way in this process (Node names their requests FSReqCallback and FSReqPromise). */
const fileRequestsUnderWay = (): boolean => process.getActiveResourcesInfo().some((r) => r.startsWith('FSReq'));

/**
 * Waits for the file reads and writes under way to finish. Steps of a fake clock must not pile up while the code
 * under test still waits on its disk: on a loaded machine the clock ran ahead of it, and what a test measured in
 * fake time (a task's time limit, 603 to 607 s for a 600 s limit in three runs) depended on the machine's load.
 * A millisecond's timer between checks, not setImmediate: spinning cost the loaded machine half as much time again.
 */
async function filesSettled(): Promise<void> {
  for (let i = 0; i < 5_000 && fileRequestsUnderWay(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

/**
 * Advances a fake clock in steps, letting real I/O run between them, until `done` holds. Throws after
 * `maxSteps` with what was last seen, so a stuck test says where it stuck.
 */
export async function advanceUntil(clock: FakeClock, done: () => boolean, o: { stepMs?: number; maxSteps?: number; describe?: () => string } = {}): Promise<void> {
  const maxSteps = o.maxSteps ?? 2000;
  for (let i = 0; i < maxSteps; i++) {
    if (done()) return;
    clock.advance(o.stepMs ?? 100);
    await settle(i % 10 === 0 ? 2 : 0);
    await filesSettled();
  }
  if (done()) return;
  throw new Error(`condition not reached${o.describe ? `: ${o.describe()}` : ''}`);
}
