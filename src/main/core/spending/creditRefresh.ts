import type { Clock, TimerHandle } from '../deps';

export const CREDIT_REFRESH_MS = 60_000;

/**
 * Keeps the shown balance current without the user asking: asked again right after a task is charged, and at
 * most once a minute while tasks are on their way (a video's settled cost, refunds). Idle, it asks nothing.
 */
export class CreditRefresh {
  private timer: TimerHandle | null = null;
  private active = false;

  constructor(
    private readonly clock: Clock,
    private readonly refresh: (keyId: string | null) => Promise<void>,
  ) {}

  /** A task of this key was charged (or refunded): ask for the balance now. */
  charged(keyId: string): void {
    void this.refresh(keyId).catch(() => undefined);
  }

  /** Whether any task is on its way; while one is, the balance is asked once a minute. */
  setActive(active: boolean): void {
    this.active = active;
    if (active && this.timer === null) this.arm();
  }

  private arm(): void {
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (!this.active) return;
      void this.refresh(null).catch(() => undefined);
      this.arm();
    }, CREDIT_REFRESH_MS);
  }

  stop(): void {
    this.active = false;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
