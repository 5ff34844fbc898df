import { findEndpoint } from '../../../shared/catalog/catalog';
import { cadenceFor } from './policy';
import { durationBucket, planNextPoll, TaskDurations } from './pollSchedule';
import type { TaskRecord } from './taskRecord';

/**
 * The poll schedule (`pollSchedule.ts`) applied to the engine's records: when each running task is polled
 * next, and what each task that reached Ready teaches about the next ones of its kind. What it remembers per
 * task lives in memory only; after a restart a task's next polls simply start from what history says.
 */
export class PollPacer {
  private readonly durations = new TaskDurations();
  private readonly predicted = new WeakMap<TaskRecord, number>();
  private readonly progressSeen = new WeakMap<TaskRecord, number>();
  /** when the task was last seen still running: Ready came between that and the poll that saw it */
  private readonly lastRunning = new WeakMap<TaskRecord, number>();

  constructor(private readonly random: () => number) {}

  /** Learns from the finished tasks on disk, oldest first, so the most recent ones are kept. */
  seed(records: Iterable<TaskRecord>): void {
    const finished = [...records].filter((r) => r.readyAt !== null && r.remote?.acceptedAt !== undefined).sort((a, b) => a.readyAt! - b.readyAt!);
    for (const r of finished) this.durations.learn(this.bucket(r), r.readyAt! - r.remote!.acceptedAt);
  }

  /** When to poll a task that is still running, seen so at `now` with this progress (0 to 1, or null). */
  nextPollAt(r: TaskRecord, now: number, progress: number | null): number {
    const accepted = r.remote?.acceptedAt ?? now;
    this.lastRunning.set(r, now);
    // Progress that has not moved predicts nothing new: the finish predicted when it last moved stands, and the
    // task is judged late against that (a progress stuck at 12% would otherwise push the finish on for ever).
    const moved = progress !== null && progress !== this.progressSeen.get(r) ? progress : null;
    if (progress !== null) this.progressSeen.set(r, progress);
    const plan = planNextPoll(
      cadenceFor(findEndpoint(r.request.endpointId)),
      { elapsedMs: now - accepted, progress: moved, learned: this.durations.expectation(this.bucket(r)), predictedMs: this.predicted.get(r) ?? null },
      this.random,
    );
    if (plan.predictedMs !== null) this.predicted.set(r, plan.predictedMs);
    return now + plan.delayMs;
  }

  /** The task was seen Ready at `now`: it became so, at best guess, halfway since it was last seen running. */
  ready(r: TaskRecord, now: number): void {
    const accepted = r.remote?.acceptedAt;
    if (accepted === undefined) return;
    const before = Math.max(accepted, this.lastRunning.get(r) ?? accepted);
    this.durations.learn(this.bucket(r), (before + now) / 2 - accepted);
  }

  private bucket(r: TaskRecord): string {
    return durationBucket(r.keyId, r.request.endpointId, findEndpoint(r.request.endpointId), r.request.params);
  }
}
