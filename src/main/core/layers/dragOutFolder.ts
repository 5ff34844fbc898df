import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock, Logger, TimerHandle } from '../deps';

/**
 * How long a dragged-out file is kept: a drop target may read it well after the drop (a mail client attaching it
 * when the message is sent, an editor that opened it in place), so only files older than this are removed.
 */
export const DRAG_OUT_KEEP_MS = 60 * 60 * 1000;

/**
 * The folder dragged-out files are written to before the drag starts. Files older than DRAG_OUT_KEEP_MS are
 * removed when the app starts and, while files remain, once the oldest of them is old enough; one another
 * program still holds open (Windows refuses) is tried again at the next sweep.
 */
export class DragOutFolder {
  /** when each file this run wrote was written, by the app's clock */
  private readonly written = new Map<string, number>();
  private timer: TimerHandle | null = null;

  constructor(private readonly d: { readonly dir: string; readonly clock: Clock; readonly log: Logger; readonly keepMs?: number }) {}

  private get keep(): number {
    return this.d.keepMs ?? DRAG_OUT_KEEP_MS;
  }

  /** A path in the folder for a file about to be written; the sweep counts its age from now. */
  async pathFor(name: string): Promise<string> {
    await mkdir(this.d.dir, { recursive: true });
    const file = join(this.d.dir, name);
    this.written.set(file, this.d.clock.now());
    this.schedule(this.keep);
    return file;
  }

  /** Removes the files old enough and plans the next sweep for those that are not yet. */
  async sweep(): Promise<void> {
    const names = await readdir(this.d.dir).catch(() => [] as string[]);
    const now = this.d.clock.now();
    let soonest: number | null = null;
    for (const name of names) {
      const file = join(this.d.dir, name);
      const info = await lstat(file).catch(() => null);
      if (!info?.isFile()) continue;
      // a file from an earlier run is aged by the disk's time, one of this run by the clock that wrote it
      const age = now - (this.written.get(file) ?? info.mtimeMs);
      if (age < this.keep) {
        soonest = Math.min(soonest ?? this.keep, this.keep - age);
        continue;
      }
      await rm(file).then(
        () => this.written.delete(file),
        (error: unknown) => {
          this.d.log.warn('a dragged-out file could not be removed yet', { error: error instanceof Error ? error.message : 'unknown' });
          soonest = Math.min(soonest ?? this.keep, this.keep);
        },
      );
    }
    if (soonest !== null) this.schedule(soonest);
  }

  private schedule(ms: number): void {
    if (this.timer) return;
    this.timer = this.d.clock.setTimeout(() => {
      this.timer = null;
      void this.sweep();
    }, ms);
  }

  stop(): void {
    if (this.timer) this.d.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
