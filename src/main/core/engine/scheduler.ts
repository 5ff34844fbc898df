import type { Clock, TimerHandle } from '../deps';

interface Slot {
  readonly key: string;
  readonly at: number;
  readonly seq: number;
  readonly run: () => void;
}

/** setTimeout's longest delay; later wake-ups re-arm on the way. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * One timer for every task: wake-ups sit in a priority queue (a binary min-heap by time), and a single clock
 * timer is armed for the earliest. Scheduling a key again replaces its earlier wake-up. Hundreds of polling
 * tasks cost one timer, not one timer chain each.
 */
export class Scheduler {
  private heap: Slot[] = [];
  private readonly live = new Map<string, Slot>();
  private timer: TimerHandle | undefined;
  private armedFor = Number.POSITIVE_INFINITY;
  private seq = 0;
  private disposed = false;

  constructor(private readonly clock: Clock) {}

  /** Runs `run` at `at` (clock time); replaces any wake-up already set for `key`. */
  schedule(key: string, at: number, run: () => void): void {
    if (this.disposed) return;
    const slot: Slot = { key, at, seq: ++this.seq, run };
    this.live.set(key, slot);
    this.push(slot);
    if (at < this.armedFor) this.arm();
  }

  cancel(key: string): void {
    // The heap entry stays until it surfaces; `live` no longer points at it, so it is skipped.
    this.live.delete(key);
  }

  has(key: string): boolean {
    return this.live.has(key);
  }

  /** When a key is due, if it is scheduled. */
  dueAt(key: string): number | undefined {
    return this.live.get(key)?.at;
  }

  get size(): number {
    return this.live.size;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.heap = [];
    this.live.clear();
  }

  private arm(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    this.dropStale();
    const next = this.heap[0];
    if (!next || this.disposed) return;
    const delay = Math.min(MAX_DELAY, Math.max(0, next.at - this.clock.now()));
    this.armedFor = next.at;
    this.timer = this.clock.setTimeout(() => this.fire(), delay);
  }

  private fire(): void {
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    const due: Slot[] = [];
    for (;;) {
      this.dropStale();
      const top = this.heap[0];
      if (!top || top.at > now) break;
      this.pop();
      due.push(top);
    }
    for (const slot of due) {
      // An earlier wake-up of this batch may have moved or cancelled this one (a pause putting off its tasks): it
      // stays in `live` until it runs, so that shows here, and a moved one waits for its new time.
      if (this.live.get(slot.key) !== slot) continue;
      this.live.delete(slot.key);
      try {
        slot.run();
      } catch {
        // A wake-up's own errors are its own; the rest still run.
      }
    }
    this.arm();
  }

  private dropStale(): void {
    while (this.heap.length && this.live.get(this.heap[0]!.key) !== this.heap[0]) this.pop();
  }

  private less(a: Slot, b: Slot): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(slot: Slot): void {
    const h = this.heap;
    h.push(slot);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (!h.length) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
      if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}
