import type { Clock } from '../deps';

export const CREDIT_REFRESH_MS = 60_000;
const KEY = 'credits:refresh';

/** The part of the engine's scheduler used here: one timer for every wake-up in the core. */
export interface WakeUps {
  schedule(key: string, at: number, run: () => void): void;
  cancel(key: string): void;
  has(key: string): boolean;
}

/**
 * Keeps the shown balance current without the user asking: asked again right after a task is charged, and at
 * most once a minute while tasks are on their way (a video's settled cost, refunds). Idle, it asks nothing.
 * Its minute rides on the engine's scheduler, so the core keeps one timer armed however many tasks poll.
 */
export class CreditRefresh {
  private active = false;

  constructor(
    private readonly clock: Pick<Clock, 'now'>,
    private readonly wakeUps: WakeUps,
    private readonly refresh: (keyId: string | null) => Promise<void>,
  ) {}

  /** A task of this key was charged (or refunded): ask for the balance now. */
  charged(keyId: string): void {
    void this.refresh(keyId).catch(() => undefined);
  }

  /** Whether any task is on its way; while one is, the balance is asked once a minute. */
  setActive(active: boolean): void {
    this.active = active;
    if (active && !this.wakeUps.has(KEY)) this.arm();
  }

  private arm(): void {
    this.wakeUps.schedule(KEY, this.clock.now() + CREDIT_REFRESH_MS, () => {
      if (!this.active) return;
      void this.refresh(null).catch(() => undefined);
      this.arm();
    });
  }

  stop(): void {
    this.active = false;
    this.wakeUps.cancel(KEY);
  }
}
