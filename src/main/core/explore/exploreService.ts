import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { findEndpoint } from '../../../shared/catalog/catalog';
import { planMatrix, type MatrixPlan, type MatrixSpec } from '../../../shared/explore/matrix';
import type { MatrixCellInfo, MatrixInfo, MatrixQuote, TaskInfo, TaskState } from '../../../shared/ipc/contract';
import { SPENDING_PERIODS } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import type { Logger } from '../deps';
import type { TaskEngine } from '../engine/taskEngine';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { readSavedRecords, RunRecords, savedAll } from '../fs/savedRecords';
import type { Library } from '../library/library';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { SpendingService } from '../spending/spendingService';
import { cellOfTask, cellTaskId, MatrixRecordSchema, type CellOutcome, type MatrixRecord } from './matrixRecord';
import { cellEstimate, cellUsage } from './pricing';

/** States after which a cell's task does nothing more by itself. */
const ENDED: ReadonlySet<TaskState> = new Set(['done', 'failed', 'moderated', 'cancelled', 'webhook', 'outcome-unknown']);
/** States in which cancelling a task sends nothing and charges nothing. */
const NOT_SENT: ReadonlySet<TaskState> = new Set(['queued', 'ready-to-send', 'waiting']);

/**
 * How many of a matrix's cells are handed to the engine ahead of their end. The engine's queue decides when
 * each goes (its per-key slots, the service's limits); this only keeps the rest back, so Pause holds them and
 * a 500-cell matrix is not 500 records in the queue at once.
 */
const FEED_AHEAD = 32;

export interface ExploreDeps {
  readonly dataDir: string;
  readonly engine: Pick<TaskEngine, 'submit' | 'list' | 'cancel' | 'reservation'>;
  readonly spending: Pick<SpendingService, 'activeKeyId' | 'caps' | 'check' | 'estimate' | 'keyLabel'>;
  readonly library: Pick<Library, 'get'>;
  readonly notices: Pick<NoticeBoard, 'add'>;
  readonly log: Logger;
  readonly now: () => number;
  readonly random: () => number;
  readonly onChanged: (matrix: MatrixInfo) => void;
  readonly onCell: (matrixId: string, cell: MatrixCellInfo) => void;
}

interface Live {
  record: MatrixRecord;
  readonly plan: MatrixPlan;
  /** each cell's task id, by index (a hash each: worked out once) */
  readonly taskIds: readonly string[];
  /** the pump at work, if any: a pause waits for the cell it is handing over, so what went is settled */
  pumping: Promise<void> | null;
  saving: Promise<void> | null;
  dirty: boolean;
}

/**
 * Explore's prompt matrices: planned and priced as one group, saved with their project, and sent cell by cell
 * through the task engine. Durable like tasks: every cell's task is named after the cell, so a restart sees
 * which cells the engine already holds and hands it only the others.
 */
export class ExploreService {
  private readonly runs: RunRecords<Live>;
  /** the latest state of every cell's task, from the engine */
  private readonly tasks = new Map<string, TaskInfo>();

  private constructor(private readonly d: ExploreDeps) {
    this.runs = new RunRecords({ dir: join(d.dataDir, 'explore'), what: 'matrix', log: d.log, changed: (live) => d.onChanged(this.info(live)) });
  }

  static async open(d: ExploreDeps): Promise<ExploreService> {
    const service = new ExploreService(d);
    await service.load();
    return service;
  }

  private async load(): Promise<void> {
    for (const t of this.d.engine.list()) if (cellOfTask(t.id)) this.tasks.set(t.id, t);
    const saved = await readSavedRecords({ dir: this.runs.dir, prefix: 'mx', schema: MatrixRecordSchema, what: 'matrix', now: this.d.now, notices: this.d.notices });
    for (const record of saved) {
      const plan = planMatrix(record.spec);
      if (!plan.ok) continue;
      const live: Live = { record, plan: plan.plan, taskIds: plan.plan.cells.map((c) => cellTaskId(record.id, c.index)), pumping: null, saving: null, dirty: false };
      this.runs.all.set(record.id, live);
      // A cell whose task ended while Gen Studio was closing, or before its end was written here, is noted now.
      for (const cell of plan.plan.cells) {
        const t = this.tasks.get(live.taskIds[cell.index]!);
        if (t && ENDED.has(t.state) && !live.record.outcomes[cell.index]) this.noteOutcome(live, cell.index, t);
      }
      this.settleIfDone(live);
      if (live.dirty) this.runs.save(live);
    }
  }

  /** Hands every running matrix its next cells (after start-up, once the engine is running). */
  start(): void {
    for (const live of this.runs.all.values()) void this.pump(live);
  }

  quote(spec: MatrixSpec): MatrixQuote {
    const plan = this.plan(spec);
    const keyId = this.d.spending.activeKeyId();
    const prices = plan.cells.map((c) => cellEstimate(this.d.spending, keyId, c.endpointId, c.params));
    let refusal: string | null = null;
    try {
      this.checkCaps(plan, prices);
    } catch (error) {
      refusal = error instanceof Error ? error.message : String(error);
    }
    return { prices, total: prices.reduce<number>((s, p) => s + (p ?? 0), 0), unpriced: prices.filter((p) => p === null).length, refusal };
  }

  async startMatrix(spec: MatrixSpec, projectId: string | null, name?: string): Promise<MatrixInfo> {
    const plan = this.plan(spec);
    const keyId = this.d.spending.activeKeyId();
    const estimates = plan.cells.map((c) => cellEstimate(this.d.spending, keyId, c.endpointId, c.params));
    this.checkCaps(plan, estimates);
    const record: MatrixRecord = {
      version: 1,
      id: `mx-${randomUUID()}`,
      name: name?.trim() || spec.prompt.slice(0, 80),
      projectId,
      spec,
      status: 'running',
      createdAt: this.d.now(),
      estimates,
      outcomes: {},
    };
    // Saved before any cell goes: a crash from here on resumes the matrix.
    await writeJsonAtomic(this.runs.fileOf(record.id), record);
    const live: Live = { record, plan, taskIds: plan.cells.map((c) => cellTaskId(record.id, c.index)), pumping: null, saving: null, dirty: false };
    this.runs.all.set(record.id, live);
    void this.pump(live);
    return this.info(live);
  }

  list(projectId?: string | null): MatrixInfo[] {
    return [...this.runs.all.values()]
      .filter((l) => projectId === undefined || l.record.projectId === projectId)
      .sort((a, b) => b.record.createdAt - a.record.createdAt)
      .map((l) => this.info(l));
  }

  get(id: string): MatrixInfo {
    return this.info(this.runs.get(id));
  }

  /** The matrix, its plan and each cell as it stands: what the export draws. */
  snapshot(id: string): { info: MatrixInfo; plan: MatrixPlan } {
    const live = this.runs.get(id);
    return { info: this.info(live), plan: live.plan };
  }

  async pause(id: string): Promise<MatrixInfo> {
    // A cell being handed to the queue at this moment still goes; once this answers, and once any view says
    // Paused, no other will.
    const live = await this.runs.move(id, 'paused', (l) => l.pumping ?? Promise.resolve());
    return this.info(live);
  }

  async resume(id: string): Promise<MatrixInfo> {
    const live = await this.runs.move(id, 'running');
    void this.pump(live);
    return this.info(live);
  }

  async cancel(id: string): Promise<MatrixInfo> {
    const live = await this.runs.move(id, 'cancelled');
    // Cells still waiting in the queue were never sent: cancelling them costs nothing. Those on their way finish.
    for (const cell of live.plan.cells) {
      const t = this.tasks.get(live.taskIds[cell.index]!);
      if (t && NOT_SENT.has(t.state)) await this.d.engine.cancel(t.id).catch(() => undefined);
    }
    this.settleIfDone(live);
    return this.info(live);
  }

  /** Every task change the engine reports; those of matrix cells move their sheet on. */
  taskChanged(t: TaskInfo): void {
    const at = cellOfTask(t.id);
    if (!at) return;
    this.tasks.set(t.id, t);
    const live = this.runs.all.get(at.matrixId);
    if (!live) return;
    if (ENDED.has(t.state) && !live.record.outcomes[at.index]) {
      this.noteOutcome(live, at.index, t);
      this.runs.save(live);
    }
    this.d.onCell(live.record.id, this.cellInfo(live, at.index));
    if (ENDED.has(t.state)) {
      const before = live.record.status;
      this.settleIfDone(live);
      if (live.record.status !== before) this.d.onChanged(this.info(live));
      void this.pump(live);
    }
  }

  /** Waits for pending writes (tests, quit). */
  async flush(): Promise<void> {
    for (const live of this.runs.all.values()) await savedAll(live);
  }

  private plan(spec: MatrixSpec): MatrixPlan {
    const planned = planMatrix(spec);
    if (!planned.ok) throw new IpcFailure('validation', planned.problem);
    return planned.plan;
  }

  /**
   * The caps see the whole matrix as one group, as they see variations: the check counts every other cell as
   * already on its way, so a matrix whose total would cross a cap is refused before any cell is sent.
   */
  private checkCaps(plan: MatrixPlan, prices: ReadonlyArray<number | null>): void {
    const keyId = this.d.spending.activeKeyId();
    const caps = this.d.spending.caps(keyId);
    if (!SPENDING_PERIODS.some((p) => caps[p] !== null)) return;
    const unpriced = [...new Set(plan.cells.filter((_, i) => prices[i] === null).map((c) => findEndpoint(c.endpointId)?.title ?? c.endpointId))];
    if (unpriced.length > 0) {
      throw new IpcFailure(
        'spending-cap',
        `Not sent: ${unpriced.map((t) => `“${t}”`).join(' and ')} ${unpriced.length === 1 ? 'has' : 'have'} no price yet for “${this.d.spending.keyLabel(keyId)}”, so Gen Studio cannot tell whether ${plan.cells.length} pictures keep within your caps. Make one picture with ${unpriced.length === 1 ? 'it' : 'each'} first, then explore.`,
      );
    }
    const last = plan.cells[plan.cells.length - 1]!;
    const others = prices.slice(0, -1).reduce<number>((s, p) => s + (p ?? 0), 0);
    const reserved = this.d.engine.reservation(keyId);
    try {
      this.d.spending.check(keyId, last.endpointId, cellUsage(last.endpointId, last.params), { amount: reserved.amount + others, unpriced: reserved.unpriced });
    } catch (error) {
      if (error instanceof IpcFailure && error.code === 'spending-cap') throw new IpcFailure('spending-cap', matrixRefusal(error.message, plan.cells.length, others + (prices[prices.length - 1] ?? 0)));
      throw error;
    }
  }

  /** Hands the engine the matrix's next cells, keeping FEED_AHEAD of them unfinished at most. */
  private pump(live: Live): Promise<void> {
    live.pumping ??= this.feed(live).finally(() => {
      live.pumping = null;
      this.settleIfDone(live);
    });
    return live.pumping;
  }

  private async feed(live: Live): Promise<void> {
    while (live.record.status === 'running') {
      let ahead = 0;
      let next: number | null = null;
      for (const cell of live.plan.cells) {
        const t = this.tasks.get(live.taskIds[cell.index]!);
        if (t) {
          if (!ENDED.has(t.state)) ahead++;
        } else if (!live.record.outcomes[cell.index] && next === null) next = cell.index;
      }
      if (next === null || ahead >= FEED_AHEAD) break;
      await this.send(live, next);
    }
  }

  private async send(live: Live, index: number): Promise<void> {
    const cell = live.plan.cells[index]!;
    const id = live.taskIds[index]!;
    try {
      const t = await this.d.engine.submit({ endpointId: cell.endpointId, params: cell.params, inputs: {} }, { id, projectId: live.record.projectId });
      if (!this.tasks.has(id) || !ENDED.has(this.tasks.get(id)!.state)) this.tasks.set(id, t);
      this.d.onCell(live.record.id, this.cellInfo(live, index));
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      if (error instanceof IpcFailure && error.code === 'conflict') return;
      // Refused before anything went (a cap reached since, the key removed): the cell says why; the rest wait.
      this.noteOutcome(live, index, null, problem);
      this.runs.save(live);
      this.d.onCell(live.record.id, this.cellInfo(live, index));
      if (error instanceof IpcFailure && (error.code === 'spending-cap' || error.code === 'unavailable' || error.code === 'no-credits')) {
        await this.runs.setStatus(live, 'paused');
        this.d.notices.add('warning', `The matrix “${live.record.name}” is paused: ${problem}`);
      }
    }
  }

  private noteOutcome(live: Live, index: number, t: TaskInfo | null, problem?: string): void {
    const outcome: CellOutcome = t
      ? {
          state: t.state,
          cost: t.settledCost ?? t.cost,
          seconds: t.submittedAt !== null && t.finishedAt !== null ? Math.max(0, (t.finishedAt - t.submittedAt) / 1000) : null,
          resultId: t.resultId,
          problem: t.state === 'moderated' ? `Moderated: ${t.moderationReasons.join(', ') || 'no reason given'}` : (t.error?.message ?? null),
        }
      : { state: 'failed', cost: null, seconds: null, resultId: null, problem: problem ?? null };
    live.record = { ...live.record, outcomes: { ...live.record.outcomes, [index]: outcome } };
    live.dirty = true;
  }

  private settleIfDone(live: Live): void {
    this.runs.finishIf(live, () => live.plan.cells.every((c) => live.record.outcomes[c.index] || (live.record.status === 'cancelled' && !this.tasks.has(live.taskIds[c.index]!))));
  }






  private info(live: Live): MatrixInfo {
    const r = live.record;
    return { id: r.id, name: r.name, projectId: r.projectId, spec: r.spec, status: r.status, createdAt: r.createdAt, cells: live.plan.cells.map((c) => this.cellInfo(live, c.index)) };
  }

  private cellInfo(live: Live, index: number): MatrixCellInfo {
    const taskId = live.taskIds[index]!;
    const t = this.tasks.get(taskId);
    const ended = live.record.outcomes[index];
    const estimate = live.record.estimates[index] ?? null;
    const resultId = ended?.resultId ?? t?.resultId ?? null;
    let thumbUrl: string | null = null;
    if (resultId) {
      try {
        thumbUrl = this.d.library.get(resultId).thumbnailUrl;
      } catch {
        thumbUrl = null;
      }
    }
    if (ended) return { index, state: ended.state, taskId: t ? taskId : null, estimate, cost: ended.cost, seconds: ended.seconds, resultId, thumbUrl, problem: ended.problem };
    if (!t) return { index, state: 'unsent', taskId: null, estimate, cost: null, seconds: null, resultId: null, thumbUrl: null, problem: null };
    return { index, state: t.state, taskId, estimate, cost: t.cost, seconds: null, resultId, thumbUrl, problem: t.error?.message ?? null };
  }
}

/**
 * The caps' refusal said of the whole matrix: the check counts the other cells as on their way and speaks of
 * its last cell, so the sentences about "this request" and what is "on its way" are put as the matrix's total.
 */
export function matrixRefusal(message: string, cells: number, total: number): string {
  const lead = 'Not sent: this would ';
  if (!message.startsWith(lead)) return message;
  const sentences = message.slice(lead.length).split(/(?<=\.) /).filter((s) => !/^About [\d.,]+ more is on its way\.$/.test(s) && !s.startsWith('This request is estimated'));
  const amount = Math.round(total * 100) / 100;
  return `Not sent: these ${cells} pictures, about ${amount} credits, would ${sentences.join(' ').replace('Raise the cap in Settings to go on.', 'Raise the cap in Settings, or take out some choices, models or seeds.')}`;
}
