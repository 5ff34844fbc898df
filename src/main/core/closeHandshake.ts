import type { Clock } from './deps';

/**
 * Lets the renderer save before its window goes. Closing a window gives page scripts no time for asynchronous
 * work (encoding the mask, an IPC round trip), so main holds the close, asks, and lets go when the renderer says
 * its work is on disk, or after a time limit so a hung page never keeps the app open.
 */
export class CloseHandshake {
  private waiting: { resolve: (answered: boolean) => void; promise: Promise<boolean> } | null = null;

  constructor(
    private readonly ask: () => void,
    private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
  ) {}

  /** Resolves true when the renderer answered, false when it did not within `timeoutMs`. */
  request(timeoutMs: number): Promise<boolean> {
    if (this.waiting) return this.waiting.promise;
    let resolve!: (answered: boolean) => void;
    const promise = new Promise<boolean>((r) => (resolve = r));
    const timer = this.clock.setTimeout(() => this.settle(false), timeoutMs);
    this.waiting = {
      promise,
      resolve: (answered) => {
        this.clock.clearTimeout(timer);
        resolve(answered);
      },
    };
    this.ask();
    return promise;
  }

  /** The renderer's answer. Answers whether a close was waiting for it. */
  ready(): boolean {
    return this.settle(true);
  }

  private settle(answered: boolean): boolean {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(answered);
    return waiting !== null;
  }
}
