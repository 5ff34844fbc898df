import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { MATRIX_ID_PREFIX, planMatrix, type MatrixPlan, type MatrixSpec } from '../../../shared/explore/matrix';
import type { MatrixCellInfo, MatrixInfo, MatrixQuote, TaskInfo } from '../../../shared/ipc/contract';
import type { DesktopShell, Logger } from '../deps';
import type { TaskEngine } from '../engine/taskEngine';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { EngineRuns, recordedProblem, type RunEngine, type RunLive, type Told } from '../engine/engineRuns';
import { told } from '../../../shared/i18n/say';
import { words } from '../../../shared/i18n/words';
import { ENDED_STATES } from '../../../shared/tasks/taskStates';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import type { Library } from '../library/library';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { CapAsk, SpendingService } from '../spending/spendingService';
import { cellOfTask, cellTaskId, MatrixRecordSchema, type CellOutcome, type MatrixRecord } from './matrixRecord';
import { checkGroup, groupRefusal } from '../engine/capCheck';
import { refusedWith } from '../i18n/refusal';
import { cellEstimate, cellUsage } from './pricing';
import { exportContactSheet } from './sheetExport';

/**
 * How many of a matrix's cells are handed to the engine ahead of their end. The engine's queue decides when
 * each goes (its per-key slots, the service's limits); this only keeps the rest back, so Pause holds them and
 * a 500-cell matrix is not 500 records in the queue at once.
 */
const FEED_AHEAD = 32;

export interface ExploreDeps {
  readonly dataDir: string;
  readonly engine: RunEngine & Pick<TaskEngine, 'reservation'>;
  readonly spending: Pick<SpendingService, 'activeKeyId' | 'refusal' | 'estimate'>;
  readonly library: Pick<Library, 'get' | 'pathsOf'>;
  /** where the contact sheet is saved: main's own save dialog */
  readonly desktop: Pick<DesktopShell, 'chooseSavePath'>;
  readonly notices: Pick<NoticeBoard, 'add'>;
  readonly log: Logger;
  readonly now: () => number;
  readonly random: () => number;
  readonly onChanged: (matrix: MatrixInfo) => void;
  readonly onCell: (matrixId: string, cell: MatrixCellInfo) => void;
}

interface Live extends RunLive<MatrixRecord> {
  readonly plan: MatrixPlan;
  /** each cell's task id, by index (a hash each: worked out once) */
  readonly taskIds: readonly string[];
}

/**
 * Explore's prompt matrices: planned and priced as one group, saved with their project, and sent cell by cell
 * through the task engine. Durable like tasks: every cell's task is named after the cell, so a restart sees
 * which cells the engine already holds and hands it only the others.
 */
export class ExploreService extends EngineRuns<MatrixRecord, Live, MatrixInfo> {
  static open(d: ExploreDeps): Promise<ExploreService> {
    return new ExploreService(d).opened();
  }

  private constructor(private readonly d: ExploreDeps) {
    super({ dir: join(d.dataDir, 'explore'), what: 'matrix', capGroup: 'matrix', prefix: 'mx', owns: (taskId) => cellOfTask(taskId) !== null, schema: MatrixRecordSchema, ahead: FEED_AHEAD, engine: d.engine, notices: d.notices, log: d.log, now: d.now });
  }

  protected revive(record: MatrixRecord): Live | null {
    const plan = planMatrix(record.spec);
    return plan.ok ? liveOf(record, plan.plan) : null;
  }

  quote(spec: MatrixSpec): MatrixQuote {
    const plan = this.plan(spec);
    const keyId = this.d.spending.activeKeyId();
    const prices = plan.cells.map((c) => cellEstimate(this.d.spending, keyId, c.endpointId, c.params));
    const refusal = groupRefusal(this.d, capAsk(plan));
    return { prices, total: prices.reduce<number>((s, p) => s + (p ?? 0), 0), unpriced: prices.filter((p) => p === null).length, refusal };
  }

  async startMatrix(spec: MatrixSpec, projectId: string | null, name?: string): Promise<MatrixInfo> {
    const plan = this.plan(spec);
    const keyId = this.d.spending.activeKeyId();
    const estimates = plan.cells.map((c) => cellEstimate(this.d.spending, keyId, c.endpointId, c.params));
    checkGroup(this.d, capAsk(plan));
    const record: MatrixRecord = {
      version: 1,
      id: `${MATRIX_ID_PREFIX}${randomUUID()}`,
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
    const started = liveOf(record, plan);
    this.runs.all.set(record.id, started);
    void this.pump(started);
    return this.info(started);
  }

  list(projectId?: string | null): MatrixInfo[] {
    return [...this.runs.all.values()]
      .filter((l) => projectId === undefined || l.record.projectId === projectId)
      .sort((a, b) => b.record.createdAt - a.record.createdAt)
      .map((l) => this.info(l));
  }

  /** The matrix's contact sheet, drawn from its cells as they stand, saved where the artist chooses. */
  exportSheet(id: string): Promise<{ saved: boolean; fileName: string | null }> {
    const live = this.runs.get(id);
    return exportContactSheet({ info: this.info(live), plan: live.plan }, this.d);
  }

  /** Every task change the engine reports; those of matrix cells move their sheet on. */
  taskChanged(t: TaskInfo): void {
    const at = cellOfTask(t.id);
    if (!at) return;
    this.tasks.set(t.id, t);
    const live = this.runs.all.get(at.matrixId);
    if (!live) return;
    if (ENDED_STATES.has(t.state) && !live.record.outcomes[at.index]) {
      this.noteOutcome(live, at.index, t);
      this.runs.save(live);
    }
    this.d.onCell(live.record.id, this.cellInfo(live, at.index));
    if (ENDED_STATES.has(t.state)) {
      const before = live.record.status;
      this.settleIfDone(live);
      if (live.record.status !== before) this.d.onChanged(this.info(live));
      void this.pump(live);
    }
  }

  private plan(spec: MatrixSpec): MatrixPlan {
    const planned = planMatrix(spec);
    if (!planned.ok) throw refusedWith('validation', planned.said);
    return planned.plan;
  }

  protected count(live: Live): number {
    return live.plan.cells.length;
  }

  protected taskIdOf(live: Live, index: number): string {
    return live.taskIds[index]!;
  }

  protected async request(live: Live, index: number): Promise<{ request: TaskRequest; meta: { projectId: string | null; origin: 'explore' } }> {
    const cell = live.plan.cells[index]!;
    // The project, so the gallery's project filter finds the cell's result; the origin keeps it off the studio's strip.
    return { request: { endpointId: cell.endpointId, params: cell.params, inputs: {} }, meta: { projectId: live.record.projectId, origin: 'explore' } };
  }

  protected capRequests(live: Live, indexes: readonly number[]): Promise<CapAsk['requests']> {
    return Promise.resolve(indexes.map((i) => capRequest(live.plan.cells[i]!)));
  }

  protected ended(live: Live, index: number, t: TaskInfo): void {
    this.noteOutcome(live, index, t);
  }

  protected refused(live: Live, index: number, problem: Told): void {
    this.noteOutcome(live, index, null, problem);
    this.runs.save(live);
  }

  protected requestChanged(live: Live, index: number): void {
    this.d.onCell(live.record.id, this.cellInfo(live, index));
  }

  protected runChanged(live: Live): void {
    this.d.onChanged(this.info(live));
  }

  private noteOutcome(live: Live, index: number, t: TaskInfo | null, problem?: Told): void {
    const outcome: CellOutcome = t
      ? {
          state: t.state,
          cost: t.settledCost ?? t.cost,
          seconds: t.submittedAt !== null && t.finishedAt !== null ? Math.max(0, (t.finishedAt - t.submittedAt) / 1000) : null,
          resultId: t.resultId,
          ...(t.state === 'moderated'
            ? recordedProblem(told(t.moderationReasons.length ? words('explore.cellProblem.moderated', { reasons: t.moderationReasons.join(', ') }) : words('explore.cellProblem.moderatedNoReason')))
            : t.error
              ? recordedProblem(t.error)
              : { problem: null }),
        }
      : { state: 'failed', cost: null, seconds: null, resultId: null, ...(problem ? recordedProblem(problem) : { problem: null }) };
    live.record = { ...live.record, outcomes: { ...live.record.outcomes, [index]: outcome } };
    live.dirty = true;
  }

  protected info(live: Live): MatrixInfo {
    const r = live.record;
    return { id: r.id, name: r.name, projectId: r.projectId, spec: r.spec, status: r.status, createdAt: r.createdAt, cells: live.plan.cells.map((c) => this.cellInfo(live, c.index)), ...this.tally(live) };
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
    if (ended) return { index, state: ended.state, taskId: t ? taskId : null, estimate, cost: ended.cost, seconds: ended.seconds, resultId, thumbUrl, problem: ended.problem, ...(ended.problemWords ? { problemWords: ended.problemWords } : {}) };
    if (!t) return { index, state: 'unsent', taskId: null, estimate, cost: null, seconds: null, resultId: null, thumbUrl: null, problem: null };
    return { index, state: t.state, taskId, estimate, cost: t.cost, seconds: null, resultId, thumbUrl, problem: t.error?.message ?? null, ...(t.error?.words ? { problemWords: t.error.words } : {}) };
  }
}

function liveOf(record: MatrixRecord, plan: MatrixPlan): Live {
  return { record, plan, taskIds: plan.cells.map((c) => cellTaskId(record.id, c.index)), pumping: null, saving: null, dirty: false };
}

/** The caps see the whole matrix as one group (capCheck.ts): refused before any cell is sent. */
function capAsk(plan: MatrixPlan): CapAsk {
  return { what: 'matrix', requests: plan.cells.map(capRequest) };
}

const capRequest = (c: MatrixPlan['cells'][number]): CapAsk['requests'][number] => ({ endpointId: c.endpointId, usage: cellUsage(c.endpointId, c.params) });
