export interface AutosaveTiming {
  /** Wait this long after the last change, so a burst of edits is one save. */
  readonly quietMs: number;
  /**
   * ...but never longer than this after the first unsaved change: someone who never pauses (a long painting
   * session) still has their work on disk every few seconds, and a crash loses at most this much.
   */
  readonly maxWaitMs: number;
}

export const AUTOSAVE_TIMING: AutosaveTiming = { quietMs: 800, maxWaitMs: 3000 };

/**
 * Runs `save` after changes settle, at the latest `maxWaitMs` after the first one. Saves run one after another,
 * so an older document never lands after a newer one.
 */
export class Autosave {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pendingSince: number | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly save: () => Promise<void>,
    private readonly timing: AutosaveTiming = AUTOSAVE_TIMING,
    private readonly now: () => number = Date.now,
    /** A save that throws; the next change still saves. */
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  changed(): void {
    const now = this.now();
    this.pendingSince ??= now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.timing.quietMs, this.pendingSince + this.timing.maxWaitMs - now));
    this.timer = setTimeout(() => this.start(), wait);
  }

  /** Saves now if a change is waiting, and resolves when every save begun so far has finished. */
  async flush(): Promise<void> {
    if (this.timer) this.start();
    await this.running;
  }

  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** Forgets a waiting change (a project was just opened: nothing of it is unsaved). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pendingSince = null;
  }

  private start(): void {
    this.cancel();
    this.running = this.running.then(() => this.save()).catch((error: unknown) => this.onError(error));
  }
}
