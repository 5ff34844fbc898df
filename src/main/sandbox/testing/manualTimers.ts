import type { SandboxTimers } from '../api';

/**
 * Timers that fire only when a test says so, for the Sandbox's own waits (webhook retries): a test reads the
 * delays armed, fires them, and shows that nothing more will happen by there being no timer left, instead of
 * sleeping real time and hoping.
 */
export class ManualTimers implements SandboxTimers {
  private seq = 0;
  private readonly timers = new Map<number, { readonly ms: number; readonly callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** The delays of the timers armed and not yet fired, in the order they were armed. */
  delays(): number[] {
    return [...this.timers.values()].map((t) => t.ms);
  }

  /** Fires every timer armed so far, as if each one's time had come. */
  fireAll(): void {
    const due = [...this.timers.values()];
    this.timers.clear();
    for (const t of due) t.callback();
  }
}
