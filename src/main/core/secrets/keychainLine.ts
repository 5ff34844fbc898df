import type { Clock } from '../deps';

/** The keychain gave no answer within the time limit (it may be locked, waiting on an unlock prompt). */
export class NoAnswer extends Error {}

interface Caller {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

interface Call {
  /** calls with the same key are one call: a read of one entry asked again while the first is under way */
  readonly key: string | null;
  readonly run: () => Promise<unknown>;
  readonly callers: Set<Caller>;
}

/**
 * The keychain's calls, one at a time. Each call to the OS keychain holds one of the few threads Node shares with
 * file writes and crypto, and a call the keychain never answers (a Secret Service waiting on an unlock prompt)
 * holds it for good: given up on at the time limit, it still ran, and four such calls (four keys read at start,
 * or one key and three Retries) left nothing to write a file with. So at most one call is under way at a time;
 * the others wait in line, a read of the same entry joins the one asked before, and a caller who stops waiting
 * at its time limit (counted from asking, waiting in line included) takes its call out of the line unless it
 * has started. A call the keychain answers late still completes (the vault keeps a key it read), and lets the
 * next one go.
 */
export class KeychainLine {
  private running: Call | undefined;
  private readonly waiting: Call[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly timeoutMs: number,
  ) {}

  /** Calls under way or waiting: at most one under way, whatever the keychain does. */
  get length(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  /** Runs `run` in its turn; `key` joins it to the same call asked before and not yet answered. */
  ask<T>(key: string | null, run: () => Promise<T>): Promise<T> {
    let call = key === null ? undefined : [this.running, ...this.waiting].find((c) => c?.key === key);
    if (!call) {
      call = { key, run, callers: new Set() };
      this.waiting.push(call);
    }
    const joined = call;
    const answer = new Promise<unknown>((resolve, reject) => {
      const caller: Caller = {
        resolve: (value) => {
          this.clock.clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          this.clock.clearTimeout(timer);
          reject(error);
        },
      };
      const timer = this.clock.setTimeout(() => {
        joined.callers.delete(caller);
        // Nobody waits for a call not yet started any more: it never starts (a key "not saved" stays unsaved).
        if (joined.callers.size === 0 && joined !== this.running) this.waiting.splice(this.waiting.indexOf(joined), 1);
        reject(new NoAnswer('the keychain did not answer'));
      }, this.timeoutMs);
      joined.callers.add(caller);
    });
    this.next();
    // Only calls joined by the same key share an answer, and a key names one kind of call.
    return answer as Promise<T>;
  }

  private next(): void {
    if (this.running) return;
    const call = this.waiting.shift();
    if (!call) return;
    this.running = call;
    let answer: Promise<unknown>;
    try {
      answer = call.run();
    } catch (error) {
      answer = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    answer
      .then(
        (value) => {
          for (const c of call.callers) c.resolve(value);
        },
        (error: unknown) => {
          for (const c of call.callers) c.reject(error instanceof Error ? error : new Error(String(error)));
        },
      )
      .finally(() => {
        this.running = undefined;
        this.next();
      });
  }
}
