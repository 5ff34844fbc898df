import { SERVICE_ACTIVE_TASK_LIMIT } from '../../../shared/ipc/contract';
import { queueOrder } from '../../../shared/tasks/queueOrder';
import { timed } from '../perf/phases';
import type { EngineDeps } from './engineDeps';
import type { TaskBook } from './taskBook';
import type { TaskRecord } from './taskRecord';
import { ACTIVE_STATES } from '../../../shared/tasks/taskStates';

/** What a slot runs: the steps that talk to the service, each handling the answers it gets. */
export interface StepRunner {
  /** sends a task that just took a slot (handles every failure itself) */
  send(r: TaskRecord, signal: AbortSignal): Promise<void>;
  poll(r: TaskRecord, signal: AbortSignal): Promise<void>;
  download(r: TaskRecord, signal: AbortSignal): Promise<void>;
  /** a poll or download step threw: a bug, or a disk that cannot be written */
  stepFailed(r: TaskRecord, error: unknown): Promise<void>;
}

interface InFlight {
  readonly controller: AbortController;
  readonly done: Promise<void>;
}

/**
 * The per-key slots and the work in flight: which queued task goes out next (the pump), when a task wakes
 * (the one scheduler), and the steps on their way, tracked so `stop` can wait for them or abort them.
 */
export class Slots {
  private readonly inflight = new Map<string, InFlight>();
  private runner: StepRunner | undefined;
  stopping = false;

  constructor(
    private readonly d: EngineDeps,
    private readonly book: TaskBook,
  ) {}

  /** Set once, by the engine, after the steps (which use these slots) exist. */
  attach(runner: StepRunner): void {
    this.runner = runner;
  }

  private get steps(): StepRunner {
    if (!this.runner) throw new Error('the slots have no steps to run');
    return this.runner;
  }

  isBusy(id: string): boolean {
    return this.inflight.has(id);
  }

  /** The signal of the step on its way for this task, so a step it leads into (Ready → download) can be aborted too. */
  signalOf(id: string): AbortSignal {
    return this.inflight.get(id)?.controller.signal ?? new AbortController().signal;
  }

  abort(id: string): void {
    this.inflight.get(id)?.controller.abort();
  }

  /** Wakes a task at `at` on the one scheduler (replacing its earlier wake-up). */
  wake(r: TaskRecord, at: number): void {
    if (this.stopping) return;
    this.d.scheduler.schedule(r.id, at, () => this.step(r.id));
  }

  /** Runs one step of a task. */
  private step(id: string): void {
    const r = this.book.records.get(id);
    if (!r || this.stopping) return;
    if (this.inflight.has(id)) {
      // Another step of this task is on its way; look again shortly rather than lose this wake-up.
      this.wake(r, this.book.now() + 50);
      return;
    }
    this.track(id, (signal) => {
      switch (r.state) {
        case 'waiting':
          return this.book.update(r, { state: 'queued', nextAttemptAt: null }, false).then(() => this.pump(r.keyId));
        case 'running':
          return timed('poll', () => this.steps.poll(r, signal)).catch((error: unknown) => this.steps.stepFailed(r, error));
        case 'downloading':
          return timed('download', () => this.steps.download(r, signal)).catch((error: unknown) => this.steps.stepFailed(r, error));
        default:
          return Promise.resolve();
      }
    });
  }

  private track(id: string, run: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    const done = run(controller.signal)
      .catch((error: unknown) => this.d.log.error('a task step failed', { task: id, error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        if (this.inflight.get(id)?.controller === controller) this.inflight.delete(id);
      });
    this.inflight.set(id, { controller, done });
  }

  /** Starts queued tasks of a key while it has free slots, oldest first. */
  pump(keyId: string): void {
    if (this.stopping) return;
    // Never more open than the service takes, whatever a preferences file written by hand says.
    const cap = Math.min(this.d.preferences().concurrencyPerKey, SERVICE_ACTIVE_TASK_LIMIT);
    let active = 0;
    const queued: TaskRecord[] = [];
    for (const r of this.book.records.values()) {
      if (r.keyId !== keyId) continue;
      if (ACTIVE_STATES.has(r.state)) active++;
      else if (r.state === 'queued' && !r.held) queued.push(r);
    }
    queued.sort(queueOrder);
    for (const r of queued) {
      if (active >= cap) break;
      active++;
      // Taken synchronously, so the next pump counts this slot as used.
      r.state = 'submitting';
      this.track(r.id, (signal) => timed('send', () => this.steps.send(r, signal)));
    }
  }

  /** A slot of this key freed up: queued tasks move, and tasks told to wait (429) try again now. */
  slotFreed(keyId: string): void {
    for (const r of this.book.records.values()) {
      if (r.keyId === keyId && r.state === 'waiting' && r.rateLimited > 0) this.wake(r, this.book.now());
    }
    this.pump(keyId);
  }

  /** Every key with tasks: after start-up or a change of preferences, each pumps. */
  pumpAll(): void {
    for (const key of new Set([...this.book.records.values()].map((r) => r.keyId))) this.pump(key);
  }

  /** The connection answers again: tasks that waited for it go on, and "ready to send" ones go out (or wait for Send). */
  connectionBack(connectionId: string): void {
    const auto = this.d.preferences().sendWhenOnline === 'automatically';
    const keys = new Set<string>();
    const lined: TaskRecord[] = [];
    for (const r of this.book.records.values()) {
      if (r.connectionId !== connectionId) continue;
      if ((r.state === 'running' || r.state === 'downloading') && !this.inflight.has(r.id)) this.wake(r, this.book.now());
      if (r.state === 'ready-to-send') {
        if (auto) {
          r.state = 'queued';
          r.detail = null;
          keys.add(r.keyId);
          lined.push(r);
        } else {
          this.book.emit(r);
        }
      }
    }
    for (const key of keys) this.pump(key);
    // Those sent at once say so as they go; those left in line say so here.
    for (const r of lined) if (r.state === 'queued') this.book.emit(r);
  }

  /**
   * Stops waking tasks, gives the steps on their way `graceMs` (on the injected clock) to finish, then aborts the
   * rest. Records stay consistent either way: a request cut off is exactly the crash the records are written for.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.d.scheduler.dispose();
    const pending = [...this.inflight.values()].map((f) => f.done);
    if (pending.length) {
      let timer: ReturnType<EngineDeps['clock']['setTimeout']> | undefined;
      const grace = new Promise<void>((resolve) => (timer = this.d.clock.setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled(pending), grace]);
      if (timer !== undefined) this.d.clock.clearTimeout(timer);
    }
    this.book.stopped = true;
    for (const f of this.inflight.values()) f.controller.abort();
  }
}
