import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { BATCH_ID_PREFIX, batchName, planBatch, type BatchAsk, type BatchItem, type BatchSettings, type BatchSpec } from '../../../shared/batch/plan';
import type { BatchInfo, BatchItemInfo, BatchQuote, TaskInfo } from '../../../shared/ipc/contract';
import { refusedWith } from '../i18n/refusal';
import { words, type Words, type WordsValue } from '../../../shared/i18n/words';
import { english, told } from '../../../shared/i18n/say';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import type { AssetStore } from '../assets/assetStore';
import type { Logger } from '../deps';
import type { TaskEngine } from '../engine/taskEngine';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { copyUnderFreeName } from '../fs/copyUnder';
import { EngineRuns, type RunEngine, type RunLive, recordedProblem, type Told } from '../engine/engineRuns';
import { ENDED_STATES, ENDED_WITHOUT_RESULT_STATES, ENGINE_RETRY_STATES } from '../../../shared/tasks/taskStates';
import { savedAll } from '../fs/savedRecords';
import type { Library } from '../library/library';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { CapAsk, SpendingService } from '../spending/spendingService';
import { batchPrices, checkBatchCaps, planOrRefuse, quoteBatch, usagesOf } from './batchPricing';
import { BatchRecordSchema, itemOfTask, itemTaskId, type BatchRecord, type ItemOutcome } from './batchRecord';


/**
 * How many of a batch's requests are handed to the engine ahead of their end: the service's 24 active tasks per
 * key. The engine's queue decides when each goes; holding the rest back here keeps Pause meaningful and a
 * 500-picture batch from being 500 records in the queue at once. Not a second limiter: the engine's own
 * per-key limit still governs what is in flight.
 */
export const BATCH_AHEAD = 24;

export interface BatchDeps {
  readonly dataDir: string;
  readonly engine: RunEngine & Pick<TaskEngine, 'reservation' | 'retry' | 'expectedUsage'>;
  readonly spending: Pick<SpendingService, 'activeKeyId' | 'refusal' | 'estimate'>;
  readonly library: Pick<Library, 'pathsOf'>;
  readonly assets: Pick<AssetStore, 'bytes' | 'import'>;
  readonly notices: Pick<NoticeBoard, 'add'>;
  readonly log: Logger;
  readonly now: () => number;
  readonly onChanged: (batch: BatchInfo) => void;
}

interface Live extends RunLive<BatchRecord> {
  readonly items: readonly BatchItem[];
  /** the requests whose result is being copied to the output folder */
  readonly writing: Set<number>;
}

/**
 * Batches: one tool over many pictures, priced and capped as one group, sent request by request through the
 * task engine, each result written to the artist's folder under its source's name. Durable like Explore's
 * matrices: every request's task is named after it, so a restart hands the engine only what it does not hold.
 */
export class BatchService extends EngineRuns<BatchRecord, Live, BatchInfo> {
  /** The folders picked in main's dialog, by the handle the renderer was given (held while Gen Studio runs). */
  private readonly folders = new Map<string, string>();

  private constructor(private readonly d: BatchDeps) {
    super({ dir: join(d.dataDir, 'batches'), what: 'batch', capGroup: 'batch', prefix: 'bt', owns: (taskId) => itemOfTask(taskId) !== null, schema: BatchRecordSchema, ahead: BATCH_AHEAD, engine: d.engine, notices: d.notices, log: d.log, now: d.now });
  }

  static open(d: BatchDeps): Promise<BatchService> {
    return new BatchService(d).opened();
  }

  protected revive(record: BatchRecord): Live | null {
    const plan = planBatch(record.spec);
    return plan.ok ? { record, items: plan.items, pumping: null, saving: null, dirty: false, writing: new Set() } : null;
  }

  quote(settings: BatchSettings): Promise<BatchQuote> {
    return quoteBatch(this.d, settings);
  }

  /** A folder the artist picked in main's dialog: the handle the renderer names it by from now on. */
  folderChosen(path: string): { handle: string; path: string } {
    const handle = `fo-${randomUUID()}`;
    this.folders.set(handle, path);
    return { handle, path };
  }

  async startBatch(ask: BatchAsk): Promise<BatchInfo> {
    const { outputFolder, ...settings } = ask;
    const outputDir = this.folders.get(outputFolder);
    if (!outputDir) throw refusedWith('validation', words('batch.refused.folderAgain'));
    const spec: BatchSpec = { ...settings, outputDir };
    const items = planOrRefuse(spec);
    const usages = await usagesOf(this.d, items);
    const estimates = batchPrices(this.d, items, usages);
    checkBatchCaps(this.d, items, usages);
    await mkdir(spec.outputDir, { recursive: true }).catch(() => {
      throw refusedWith('validation', words('batch.refused.cannotWrite', { folder: spec.outputDir }));
    });
    const now = this.d.now();
    const record: BatchRecord = {
      version: 1,
      id: `${BATCH_ID_PREFIX}${randomUUID()}`,
      // English for the record and the log; the window says it from the tool and the count (batchName)
      name: english(batchName(spec.tool, spec.pictures.length)),
      spec,
      status: 'running',
      createdAt: now,
      startedAt: now,
      estimates,
      outcomes: {},
      attempts: {},
    };
    // Saved before anything goes: a crash from here on resumes the batch.
    await writeJsonAtomic(this.runs.fileOf(record.id), record);
    const live: Live = { record, items, pumping: null, saving: null, dirty: false, writing: new Set() };
    this.runs.all.set(record.id, live);
    void this.pump(live);
    return this.info(live);
  }

  list(): BatchInfo[] {
    return [...this.runs.all.values()].sort((a, b) => b.record.createdAt - a.record.createdAt).map((l) => this.info(l));
  }

  /**
   * Sends one picture that did not end well again, alone. Its task, where the engine still holds it, is retried
   * by the engine's own Retry, under the one rule every Retry follows (taskView.ts `retryWarningWordsOf`): a task the
   * service took is asked about again rather than resent, and one that may be charged twice is resent only with
   * the artist's word (`acceptDoubleCharge`), as in the queue. A moderated picture (never charged), or one refused
   * before it went, is sent as a new task; the one that ended stays as it was.
   */
  async retry(id: string, index: number, acceptDoubleCharge = false): Promise<BatchInfo> {
    const live = this.runs.get(id);
    const outcome = live.record.outcomes[index];
    if (!live.items[index] || !outcome || !ENDED_WITHOUT_RESULT_STATES.has(outcome.state)) throw refusedWith('conflict', words('batch.refused.retryOnlyEnded'));
    const written = await this.writeAgain(live, index, outcome);
    if (written) return written;
    const taskId = this.taskIdOf(live, index);
    const ended = this.tasks.get(taskId);
    const again = ended && ENGINE_RETRY_STATES.has(ended.state) ? await this.d.engine.retry(taskId, acceptDoubleCharge) : null;
    if (again) this.tasks.set(taskId, again);
    const { [index]: _gone, ...outcomes } = live.record.outcomes;
    const attempts = again ? live.record.attempts : { ...live.record.attempts, [index]: (live.record.attempts[index] ?? 0) + 1 };
    live.record = { ...live.record, outcomes, attempts, status: live.record.status === 'finished' || live.record.status === 'cancelled' ? 'running' : live.record.status };
    live.dirty = true;
    this.runs.save(live);
    await savedAll(live);
    if (!again && live.record.status === 'running') await this.send(live, index);
    this.d.onChanged(this.info(live));
    return this.info(live);
  }

  /** Every task change the engine reports; those of batch requests move their batch on. */
  taskChanged(t: TaskInfo): void {
    const at = itemOfTask(t.id);
    if (!at) return;
    this.tasks.set(t.id, t);
    const live = this.runs.all.get(at.batchId);
    if (!live || (live.record.attempts[at.index] ?? 0) !== at.attempt) return;
    if (ENDED_STATES.has(t.state) && !live.record.outcomes[at.index]) {
      void this.finish(live, at.index, t).then(() => {
        this.settleIfDone(live);
        this.d.onChanged(this.info(live));
        void this.pump(live);
      });
      return;
    }
    this.d.onChanged(this.info(live));
  }

  protected count(live: Live): number {
    return live.items.length;
  }

  protected async request(live: Live, index: number): Promise<{ request: TaskRequest; meta: { projectId: null; origin: 'batch'; group: { id: string; index: number; count: number } } }> {
    const item = live.items[index]!;
    const request: TaskRequest = { endpointId: item.endpointId, params: item.params, inputs: Object.fromEntries(Object.entries(item.inputs).map(([f, assetId]) => [f, { assetId }])) };
    if (item.scaledMask) request.inputs[item.scaledMask.field] = { assetId: await this.scaledMask(live.record.spec, item.scaledMask) };
    return { request, meta: { projectId: null, origin: 'batch', group: { id: live.record.id, index, count: live.items.length } } };
  }

  protected async capRequests(live: Live, indexes: readonly number[]): Promise<CapAsk['requests']> {
    const items = indexes.map((i) => live.items[i]!);
    const usages = await usagesOf(this.d, items);
    return items.map((item, n) => ({ endpointId: item.endpointId, usage: usages[n] }));
  }

  protected refused(live: Live, index: number, problem: Told): void {
    this.note(live, index, { state: 'failed', cost: null, resultId: null, ...recordedProblem(problem), file: null });
  }

  protected requestChanged(live: Live): void {
    this.d.onChanged(this.info(live));
  }

  protected runChanged(live: Live): void {
    this.d.onChanged(this.info(live));
  }

  protected ended(live: Live, index: number, t: TaskInfo): Promise<void> {
    return this.finish(live, index, t);
  }

  /**
   * The batch's one mask at this picture's size: nearest-neighbour, so it stays black and white. Stored by its
   * content, so the same picture size gives the same asset after a restart.
   */
  private async scaledMask(spec: BatchSpec, size: { width: number; height: number }): Promise<string> {
    const mask = spec.mask!;
    const bytes = await this.d.assets.bytes(mask.assetId);
    const png = await scaleMask(bytes, size.width, size.height);
    return (await this.d.assets.import(`mask-${size.width}x${size.height}.png`, png)).id;
  }

  /** A request ended: a result is written to the output folder under its name; a failure says why. */
  private async finish(live: Live, index: number, t: TaskInfo): Promise<void> {
    if (live.writing.has(index)) return;
    live.writing.add(index);
    try {
      const cost = t.settledCost ?? t.cost;
      if (t.state !== 'done' || !t.resultId) {
        const problem: Told = t.state === 'moderated' ? told(moderatedWords(t.moderationReasons)) : t.state === 'cancelled' ? told(words('batch.itemProblem.cancelled')) : (t.error ?? told(words('batch.itemProblem.didNotFinish')));
        this.note(live, index, { state: t.state, cost, resultId: t.resultId, ...recordedProblem(problem), file: null });
        return;
      }
      await this.write(live, index, t.resultId, cost);
    } finally {
      live.writing.delete(index);
    }
  }

  /** A received result copied from the gallery to the output folder under its name; a failure says why. */
  private async write(live: Live, index: number, resultId: string, cost: number | null): Promise<void> {
    const item = live.items[index]!;
    try {
      const source = this.d.library.pathsOf(resultId).file;
      // The gallery's file carries the metadata the library embeds; the copy keeps it. A file already of that
      // name (the artist's own, or an earlier batch's) stays: this one takes the next free name.
      const file = await copyUnderFreeName(source, live.record.spec.outputDir, plannedFile(item, source));
      this.note(live, index, { state: 'done', cost, resultId, problem: null, file });
    } catch (error) {
      this.d.log.warn('a batch result could not be written', { batch: live.record.id, index, error: String(error) });
      this.note(live, index, { state: 'failed', cost, resultId, ...recordedProblem(told(words('batch.itemProblem.notWritten', { folder: live.record.spec.outputDir }))), file: null });
    }
  }

  /**
   * A result the service made and was paid for whose file could not be written: Retry writes the gallery's copy
   * again rather than paying for another. Null when the gallery no longer holds it (the artist deleted it): only
   * a new request can make it then.
   */
  private async writeAgain(live: Live, index: number, outcome: ItemOutcome): Promise<BatchInfo | null> {
    const resultId = outcome.state === 'failed' ? outcome.resultId : null;
    if (!resultId || !this.galleryHolds(resultId) || live.writing.has(index)) return null;
    live.writing.add(index);
    try {
      await this.write(live, index, resultId, outcome.cost);
    } finally {
      live.writing.delete(index);
    }
    await savedAll(live);
    this.d.onChanged(this.info(live));
    return this.info(live);
  }

  private galleryHolds(resultId: string): boolean {
    try {
      this.d.library.pathsOf(resultId);
      return true;
    } catch {
      return false;
    }
  }

  private note(live: Live, index: number, outcome: ItemOutcome): void {
    live.record = { ...live.record, outcomes: { ...live.record.outcomes, [index]: outcome } };
    live.dirty = true;
    this.runs.save(live);
  }

  protected override nameOf(live: Live): WordsValue {
    return batchName(live.record.spec.tool, live.record.spec.pictures.length);
  }

  protected override busy(live: Live): boolean {
    return live.writing.size > 0;
  }

  protected taskIdOf(live: Live, index: number): string {
    return itemTaskId(live.record.id, index, live.record.attempts[index] ?? 0);
  }

  protected info(live: Live): BatchInfo {
    const r = live.record;
    const items = live.items.map((i) => this.itemInfo(live, i));
    const done = items.filter((i) => i.state === 'done' && r.outcomes[i.index]).length;
    const failed = items.filter((i) => r.outcomes[i.index] && i.state !== 'done').length;
    const left = items.length - done - failed;
    const elapsed = (this.d.now() - r.startedAt) / 1000;
    const secondsLeft = done > 0 && left > 0 && r.status === 'running' ? Math.round((elapsed / done) * left) : left === 0 ? 0 : null;
    return { id: r.id, name: r.name, pictures: r.spec.pictures.length, tool: r.spec.tool, endpointId: r.spec.endpointId, outputDir: r.spec.outputDir, status: r.status, createdAt: r.createdAt, items, done, failed, left, ...this.tally(live), secondsLeft };
  }

  private itemInfo(live: Live, item: BatchItem): BatchItemInfo {
    const ended = live.record.outcomes[item.index];
    const t = this.tasks.get(this.taskIdOf(live, item.index));
    const base = { index: item.index, source: live.record.spec.pictures[item.picture]!.name, format: item.format, estimate: live.record.estimates[item.index] ?? null, retries: live.record.attempts[item.index] ?? 0, renamedFrom: renamedFrom(item, ended?.file ?? null) };
    // The question its Retry asks first is the engine's, for the task that ended (the queue shows the same).
    const warned = ended && t && ENGINE_RETRY_STATES.has(t.state) ? t : null;
    const retryWarning = { retryWarning: warned?.retryWarning ?? null, ...(warned?.retryWarningWords ? { retryWarningWords: warned.retryWarningWords } : {}) };
    if (ended) return { ...base, outputName: ended.file ?? item.outputStem, state: ended.state, cost: ended.cost, problem: ended.problem, ...(ended.problemWords ? { problemWords: ended.problemWords } : {}), resultId: ended.resultId, ...retryWarning };
    if (!t) return { ...base, outputName: item.outputStem, state: 'unsent', cost: null, problem: null, resultId: null, retryWarning: null };
    return { ...base, outputName: item.outputStem, state: t.state, cost: t.cost, problem: t.error?.message ?? null, ...(t.error?.words ? { problemWords: t.error.words } : {}), resultId: t.resultId, retryWarning: null };
  }
}

/** The name a result is meant to have in the folder: its planned stem and the result's own format. */
const plannedFile = (item: BatchItem, source: string) => `${item.outputStem}${extname(source).toLowerCase() || '.png'}`;

/** The name a written file was meant to have, when the folder already had a file of that name; else null. */
function renamedFrom(item: BatchItem, file: string | null): string | null {
  if (!file) return null;
  const meant = `${item.outputStem}${extname(file)}`;
  return meant === file ? null : meant;
}

/** Why the service held a picture back, in words; its reasons are the service's own, as it named them. */
function moderatedWords(reasons: readonly string[]): Words {
  return reasons.length ? words('batch.itemProblem.moderated', { reasons: reasons.join(', ').toLowerCase() }) : words('batch.itemProblem.moderatedNoReason');
}

/** One mask at another size, still pure black and white (nearest neighbour, then a threshold). */
export async function scaleMask(bytes: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(bytes).resize(width, height, { fit: 'fill', kernel: 'nearest' }).greyscale().threshold(128).png().toBuffer();
}
