import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { TaskInfo } from '../../../shared/ipc/contract';
import type { Words, WordsValue } from '../../../shared/i18n/words';
import { IpcFailure } from '../../../shared/ipc/result';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import type { Logger } from '../deps';
import type { TaskEngine } from './taskEngine';
import { msg } from './messages';
import { ENDED_STATES, NOT_SENT_STATES } from '../../../shared/tasks/taskStates';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { RunKey } from '../fs/runRecord';
import type { CapGroup } from '../../../shared/spending/capRefusal';
import { capFailure, type CapAsk } from '../spending/spendingService';
import { readSavedRecords, RunRecords, savedAll, type RunStatus, type SavedRecord } from '../fs/savedRecords';
import { noticeWords } from '../notices/noticeWords';

/** Why a request ended without a picture: its text (the record's, the log's) and, where main made it, its words. */
export interface Told {
  readonly message: string;
  readonly words?: Words;
}

/** A request's problem as its record keeps it: the text, and its words where main made them. */
export const recordedProblem = (problem: Told): { problem: string; problemWords?: Words } => (problem.words ? { problem: problem.message, problemWords: problem.words } : { problem: problem.message });

/** Refusals that hold for every later request too (`not-found`: the run's key or connection was removed): the run pauses rather than fail each one in turn. */
const PAUSING: ReadonlySet<string> = new Set(['spending-cap', 'unavailable', 'no-credits', 'not-found']);

/**
 * A request's task is named after its run and its place in it (and, for a batch, its attempt), so after a crash
 * the engine's records say which were handed to it already (the engine refuses a second task of the same name):
 * nothing is sent twice. The name starts with a hash of those parts, because the library names result files by a
 * task id's first characters: requests of one run must differ there as random task ids do.
 */
export function requestTaskId(...parts: ReadonlyArray<string | number>): string {
  const head = createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 12);
  return `${head}-${parts.join('-')}`;
}

interface RunRecordShape {
  readonly id: string;
  readonly name: string;
  readonly status: RunStatus;
  readonly outcomes: Readonly<Record<number, unknown>>;
  /** the connection and key every request goes on */
  readonly on?: RunKey;
}

/** A run held in memory: its record, and the pump at work on it, if any. */
export interface RunLive<R> extends SavedRecord<R> {
  /** a pause waits for the request being handed over, so what went is settled before the run says Paused */
  pumping: Promise<void> | null;
  /** a pause is under way: nothing more is handed over */
  pausing?: boolean;
}

/** How many of a run's requests went to the service, and how many have not (held while it is paused). */
export interface RunTally {
  readonly sent: number;
  readonly notSent: number;
}

/** What a run asks of the task engine. */
export type RunEngine = Pick<TaskEngine, 'submit' | 'list' | 'get' | 'cancel' | 'hold' | 'heldRefusal' | 'currentKey'>;

type SubmitMeta = NonNullable<Parameters<TaskEngine['submit']>[1]>;

export interface EngineRunsOptions<R> {
  readonly dir: string;
  /** the kind of run in the artist's words ("batch", "matrix") */
  readonly what: string;
  /** what its held requests are asked of the caps as, on Resume */
  readonly capGroup: CapGroup;
  /** its files are `<prefix>-<uuid>.json` */
  readonly prefix: string;
  readonly schema: z.ZodType<R>;
  /** whether a task of the engine's is one of this kind's requests (by its name) */
  readonly owns: (taskId: string) => boolean;
  /** how many requests are handed to the engine ahead of their end (see each service for why its number) */
  readonly ahead: number;
  readonly engine: RunEngine;
  readonly notices: Pick<NoticeBoard, 'add'>;
  readonly log: Logger;
  readonly now: () => number;
}

/**
 * Runs of many requests (a batch, a matrix), saved each in its own file and sent request by request through the
 * task engine. Every request's task is named after it, so a restart hands the engine only what it does not hold.
 * This holds what every kind of run does alike (load, feed, pause, resume, cancel, finish); each service says
 * what its requests are, how their ends are noted and what its views are told.
 */
export abstract class EngineRuns<R extends RunRecordShape, L extends RunLive<R>, Info> {
  protected readonly runs: RunRecords<L>;
  /** the latest state of every request's task, from the engine */
  protected readonly tasks = new Map<string, TaskInfo>();
  /** Gen Studio is closing: nothing more is handed over, and a refusal for that reason is no failure. */
  private stopping = false;

  protected constructor(private readonly o: EngineRunsOptions<R>) {
    this.runs = new RunRecords({ dir: o.dir, what: o.what, log: o.log, changed: (live) => this.runChanged(live) });
  }

  /** A saved record made live again, or null when its spec no longer plans. */
  protected abstract revive(record: R): L | null;
  /** How many requests the run has: they are numbered from 0, in sending order. */
  protected abstract count(live: L): number;
  protected abstract taskIdOf(live: L, index: number): string;
  /** What to hand the engine for one request. */
  protected abstract request(live: L, index: number): Promise<{ readonly request: TaskRequest; readonly meta: Omit<SubmitMeta, 'id'> }>;
  /** A request's task ended while Gen Studio was closing, or before its end was noted: note it now. */
  protected abstract ended(live: L, index: number, t: TaskInfo): Promise<void> | void;
  /** What the caps see of these requests not yet handed to the engine (Resume weighs them with the held ones). */
  protected abstract capRequests(live: L, indexes: readonly number[]): Promise<CapAsk['requests']>;
  /** A request was refused before anything went: note why, and save. */
  protected abstract refused(live: L, index: number, problem: Told): void;
  /** One request changed: the views hear of it. */
  protected abstract requestChanged(live: L, index: number): void;
  /**
   * The run's name in the words main says of it: the name it was given (a matrix's), unless its kind says it from
   * what it holds (a batch from its tool and count), so a notice or a held task names it in the language on screen.
   */
  protected nameOf(live: L): WordsValue {
    return live.record.name;
  }
  /** The run's status changed and is on disk: the views hear of it. */
  protected abstract runChanged(live: L): void;
  protected abstract info(live: L): Info;

  /** Whether the run still has work of its own under way (a file being written) that keeps it from finishing. */
  protected busy(_live: L): boolean {
    return false;
  }

  /** The service with its saved runs read; the caller starts them once the engine runs. */
  protected async opened(): Promise<this> {
    await this.load();
    return this;
  }

  protected async load(): Promise<void> {
    for (const t of this.o.engine.list()) if (this.o.owns(t.id)) this.tasks.set(t.id, t);
    const saved = await readSavedRecords({ dir: this.runs.dir, prefix: this.o.prefix, schema: this.o.schema, what: this.o.what, now: this.o.now, notices: this.o.notices });
    for (const record of saved) {
      const live = this.revive(record);
      if (!live) continue;
      this.runs.all.set(record.id, live);
      for (let index = 0; index < this.count(live); index++) {
        const t = this.tasks.get(this.taskIdOf(live, index));
        if (t && ENDED_STATES.has(t.state) && !live.record.outcomes[index]) await this.ended(live, index, t);
      }
      this.settleIfDone(live);
      // A pause or a resume cut short by a crash: the engine holds exactly what the saved status says.
      if (live.record.status === 'running' || live.record.status === 'paused') await this.holdUnsent(live);
      if (live.dirty) this.runs.save(live);
    }
  }

  /** Holds a paused run's requests not yet sent in the engine's queue, or lets a running run's go (on disk). */
  private holdUnsent(live: L): Promise<void> {
    const ids = indexes(this.count(live)).map((i) => this.taskIdOf(live, i));
    const why = live.record.status === 'paused' ? msg.heldWhilePaused(this.o.what, this.nameOf(live)) : null;
    return this.o.engine.hold(ids, why);
  }

  /** How many requests went and how many have not, from the engine's tasks (and, for a task cleared since, its outcome). */
  protected tally(live: L): RunTally {
    let sent = 0;
    let notSent = 0;
    for (let index = 0; index < this.count(live); index++) {
      const t = this.tasks.get(this.taskIdOf(live, index));
      const outcome = live.record.outcomes[index];
      if (t) {
        if (t.submittedAt !== null && !NOT_SENT_STATES.has(t.state)) sent++;
        else if (!ENDED_STATES.has(t.state)) notSent++;
      } else if (outcome) {
        if (typeof outcome === 'object' && outcome !== null && 'cost' in outcome && outcome.cost !== null) sent++;
      } else notSent++;
    }
    return { sent, notSent };
  }

  /** Hands every running run its next requests (after start-up, once the engine runs). */
  start(): void {
    for (const live of this.runs.all.values()) void this.pump(live);
  }

  get(id: string): Info {
    return this.info(this.runs.get(id));
  }

  /**
   * Nothing not yet sent goes once this answers: the feed stops, and every request in the engine's queue is held
   * there (on disk, so a restart holds it too) before the run is saved as paused. A request already on its way
   * finishes; the run's tally says how many went and how many are held.
   */
  async pause(id: string): Promise<Info> {
    const live = await this.runs.move(id, 'paused', async (l) => {
      l.pausing = true;
      try {
        while (l.pumping) await l.pumping;
        await this.o.engine.hold(indexes(this.count(l)).map((i) => this.taskIdOf(l, i)), msg.heldWhilePaused(this.o.what, this.nameOf(l)));
      } finally {
        l.pausing = false;
      }
    });
    return this.info(live);
  }

  async resume(id: string): Promise<Info> {
    // Held requests counted against no cap while paused: the caps see them all now, before any goes, with the
    // requests the feed has not handed over yet (a long run's rest): Resume is refused whole, as Start was,
    // rather than letting part of the run go and pausing it again at the cap.
    const paused = this.runs.get(id);
    if (paused.record.status === 'paused') {
      const all = indexes(this.count(paused));
      const unsent = await this.capRequests(paused, all.filter((i) => !this.tasks.has(this.taskIdOf(paused, i)) && !paused.record.outcomes[i]));
      const keyId = paused.record.on?.keyId ?? this.o.engine.currentKey().keyId;
      const refusal = this.o.engine.heldRefusal(all.map((i) => this.taskIdOf(paused, i)), this.o.capGroup, unsent, keyId);
      if (refusal) throw capFailure(refusal);
    }
    // Saved as running before the held requests go: a crash between leaves them held, and the start lets them go.
    const live = await this.runs.move(id, 'running');
    await this.holdUnsent(live);
    void this.pump(live);
    return this.info(live);
  }

  async cancel(id: string): Promise<Info> {
    const live = await this.runs.move(id, 'cancelled');
    // Requests still waiting in the queue were never sent: cancelling them costs nothing. Those on their way finish.
    for (let index = 0; index < this.count(live); index++) {
      const t = this.tasks.get(this.taskIdOf(live, index));
      if (t && NOT_SENT_STATES.has(t.state)) await this.o.engine.cancel(t.id).catch(() => undefined);
    }
    this.settleIfDone(live);
    return this.info(live);
  }

  /** Closing: hands nothing more to the engine; what was not sent goes when Gen Studio starts again. */
  stop(): void {
    this.stopping = true;
  }

  /** Waits for the request being handed over and every write made so far (tests, quit). */
  async flush(): Promise<void> {
    for (const live of this.runs.all.values()) {
      while (live.pumping) await live.pumping;
      await savedAll(live);
    }
  }

  /** Hands the engine the run's next requests, keeping `ahead` of them unfinished at most. */
  protected pump(live: L): Promise<void> {
    if (!live.record.on && live.record.status === 'running') {
      // A run keeps the key it started on (an older file, without one, takes the key active now): what it was
      // quoted and capped on is what it is charged on, whichever key the artist switches to meanwhile.
      live.record = { ...live.record, on: this.o.engine.currentKey() };
      live.dirty = true;
      this.runs.save(live);
    }
    live.pumping ??= this.feed(live).finally(() => {
      live.pumping = null;
      this.settleIfDone(live);
    });
    return live.pumping;
  }

  private async feed(live: L): Promise<void> {
    while (live.record.status === 'running' && !live.pausing && !this.stopping) {
      let ahead = 0;
      let next: number | null = null;
      for (let index = 0; index < this.count(live); index++) {
        const t = this.tasks.get(this.taskIdOf(live, index));
        if (t) {
          if (!ENDED_STATES.has(t.state)) ahead++;
        } else if (!live.record.outcomes[index] && next === null) next = index;
      }
      if (next === null || ahead >= this.o.ahead) break;
      await this.send(live, next);
      // Every turn settles the request it took (handed over, or refused in words) or the feed stops: a turn that
      // left it as it was would take it again at once, with no I/O between, and hold the whole process.
      if (!this.tasks.has(this.taskIdOf(live, next)) && !live.record.outcomes[next]) break;
    }
  }

  protected async send(live: L, index: number): Promise<void> {
    const id = this.taskIdOf(live, index);
    try {
      const { request, meta } = await this.request(live, index);
      const t = await this.o.engine.submit(request, { ...meta, id, ...(live.record.on ? { on: live.record.on } : {}) });
      // The engine may have told of the task's end before its submit answered: that end stands.
      if (!this.tasks.has(id) || !ENDED_STATES.has(this.tasks.get(id)!.state)) this.tasks.set(id, t);
      this.requestChanged(live, index);
    } catch (error) {
      if (this.stopping) return;
      if (error instanceof IpcFailure && error.code === 'conflict' && this.adopt(live, index, id)) return;
      const problem: Told = error instanceof IpcFailure && error.words ? { message: error.message, words: error.words } : { message: error instanceof Error ? error.message : String(error) };
      // Refused before anything went (a cap reached since, the key removed): the request says why; the rest wait.
      this.refused(live, index, problem);
      this.requestChanged(live, index);
      // A conflict the engine holds no task for is the key's address refused: it holds for every other request.
      if (error instanceof IpcFailure && (PAUSING.has(error.code) || error.code === 'conflict')) {
        await this.runs.setStatus(live, 'paused');
        this.o.notices.add('warning', noticeWords.runPaused(this.o.what, this.nameOf(live), problem.words ?? problem.message));
      }
    }
  }

  /** The engine already holds this request's task (handed over before a crash): that task stands. */
  private adopt(live: L, index: number, id: string): boolean {
    let t: TaskInfo;
    try {
      t = this.o.engine.get(id);
    } catch {
      return false;
    }
    if (!this.tasks.has(id)) this.tasks.set(id, t);
    this.requestChanged(live, index);
    return true;
  }

  /** A running or paused run is finished once every request has ended (or, cancelled, was never handed over). */
  protected settleIfDone(live: L): void {
    this.runs.finishIf(
      live,
      () => indexes(this.count(live)).every((i) => live.record.outcomes[i] || (live.record.status === 'cancelled' && !this.tasks.has(this.taskIdOf(live, i)))) && !this.busy(live),
    );
  }
}

function indexes(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

