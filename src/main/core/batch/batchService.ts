import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { BATCH_ID_PREFIX, BATCH_TOOL_WORDS, planBatch, type BatchItem, type BatchSpec } from '../../../shared/batch/plan';
import type { BatchInfo, BatchItemInfo, BatchQuote, TaskInfo, TaskState } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import type { AssetStore } from '../assets/assetStore';
import type { Logger } from '../deps';
import type { TaskEngine } from '../engine/taskEngine';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { readSavedRecords, RunRecords, savedAll } from '../fs/savedRecords';
import type { Library } from '../library/library';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { SpendingService } from '../spending/spendingService';
import { batchPrices, checkBatchCaps, planOrRefuse, quoteBatch } from './batchPricing';
import { BatchRecordSchema, itemOfTask, itemTaskId, type BatchRecord, type ItemOutcome } from './batchRecord';

const ENDED: ReadonlySet<TaskState> = new Set(['done', 'failed', 'moderated', 'cancelled', 'webhook', 'outcome-unknown']);
const NOT_SENT: ReadonlySet<TaskState> = new Set(['queued', 'ready-to-send', 'waiting']);
const RETRYABLE: ReadonlySet<string> = new Set(['failed', 'moderated', 'cancelled', 'outcome-unknown']);

/**
 * How many of a batch's requests are handed to the engine ahead of their end: the service's 24 active tasks per
 * key. The engine's queue decides when each goes; holding the rest back here keeps Pause meaningful and a
 * 500-picture batch from being 500 records in the queue at once. Not a second limiter: the engine's own
 * per-key limit still governs what is in flight.
 */
export const BATCH_AHEAD = 24;

export interface BatchDeps {
  readonly dataDir: string;
  readonly engine: Pick<TaskEngine, 'submit' | 'list' | 'cancel' | 'reservation'>;
  readonly spending: Pick<SpendingService, 'activeKeyId' | 'caps' | 'check' | 'estimate' | 'keyLabel'>;
  readonly library: Pick<Library, 'pathsOf'>;
  readonly assets: Pick<AssetStore, 'bytes' | 'import'>;
  readonly notices: Pick<NoticeBoard, 'add'>;
  readonly log: Logger;
  readonly now: () => number;
  readonly onChanged: (batch: BatchInfo) => void;
}

interface Live {
  record: BatchRecord;
  readonly items: readonly BatchItem[];
  pumping: Promise<void> | null;
  saving: Promise<void> | null;
  dirty: boolean;
  writing: Set<number>;
}

/**
 * Batches: one tool over many pictures, priced and capped as one group, sent request by request through the
 * task engine, each result written to the artist's folder under its source's name. Durable like Explore's
 * matrices: every request's task is named after it, so a restart hands the engine only what it does not hold.
 */
export class BatchService {
  private readonly runs: RunRecords<Live>;
  private readonly tasks = new Map<string, TaskInfo>();
  /** Gen Studio is closing: nothing more is handed over, and a refusal for that reason is no failure. */
  private stopping = false;

  private constructor(private readonly d: BatchDeps) {
    this.runs = new RunRecords({ dir: join(d.dataDir, 'batches'), what: 'batch', log: d.log, changed: (live) => d.onChanged(this.info(live)) });
  }

  static async open(d: BatchDeps): Promise<BatchService> {
    const service = new BatchService(d);
    await service.load();
    return service;
  }

  private async load(): Promise<void> {
    for (const t of this.d.engine.list()) if (itemOfTask(t.id)) this.tasks.set(t.id, t);
    const saved = await readSavedRecords({ dir: this.runs.dir, prefix: 'bt', schema: BatchRecordSchema, what: 'batch', now: this.d.now, notices: this.d.notices });
    for (const record of saved) {
      const plan = planBatch(record.spec);
      if (!plan.ok) continue;
      const live: Live = { record, items: plan.items, pumping: null, saving: null, dirty: false, writing: new Set() };
      this.runs.all.set(record.id, live);
      // A request whose task ended while Gen Studio was closing, or whose file was not written yet, is finished now.
      for (const item of plan.items) {
        const t = this.tasks.get(this.taskIdOf(live, item.index));
        if (t && ENDED.has(t.state) && !live.record.outcomes[item.index]) await this.finish(live, item.index, t);
      }
      this.settleIfDone(live);
      if (live.dirty) this.runs.save(live);
    }
  }

  /** Hands every running batch its next requests (after start-up, once the engine runs). */
  start(): void {
    for (const live of this.runs.all.values()) void this.pump(live);
  }

  quote(spec: BatchSpec): BatchQuote {
    return quoteBatch(this.d, spec);
  }

  async startBatch(spec: BatchSpec): Promise<BatchInfo> {
    const items = planOrRefuse(spec);
    const estimates = batchPrices(this.d, spec, items);
    checkBatchCaps(this.d, spec, items, estimates);
    await mkdir(spec.outputDir, { recursive: true }).catch(() => {
      throw new IpcFailure('validation', `Gen Studio cannot write to ${spec.outputDir}: choose another folder.`);
    });
    const now = this.d.now();
    const words = BATCH_TOOL_WORDS[spec.tool].label;
    const record: BatchRecord = {
      version: 1,
      id: `${BATCH_ID_PREFIX}${randomUUID()}`,
      name: `${words} · ${spec.pictures.length} ${spec.pictures.length === 1 ? 'picture' : 'pictures'}`,
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

  get(id: string): BatchInfo {
    return this.info(this.runs.get(id));
  }

  async pause(id: string): Promise<BatchInfo> {
    const live = await this.runs.move(id, 'paused', (l) => l.pumping ?? Promise.resolve());
    return this.info(live);
  }

  async resume(id: string): Promise<BatchInfo> {
    const live = await this.runs.move(id, 'running');
    void this.pump(live);
    return this.info(live);
  }

  async cancel(id: string): Promise<BatchInfo> {
    const live = await this.runs.move(id, 'cancelled');
    for (const item of live.items) {
      const t = this.tasks.get(this.taskIdOf(live, item.index));
      if (t && NOT_SENT.has(t.state)) await this.d.engine.cancel(t.id).catch(() => undefined);
    }
    this.settleIfDone(live);
    return this.info(live);
  }

  /** Sends one failed or moderated picture again, alone, as a new task (the one that failed stays as it was). */
  async retry(id: string, index: number): Promise<BatchInfo> {
    const live = this.runs.get(id);
    const outcome = live.record.outcomes[index];
    if (!live.items[index] || !outcome || !RETRYABLE.has(outcome.state)) throw new IpcFailure('conflict', 'Only a picture that failed, was moderated or was cancelled can be sent again.');
    const { [index]: _gone, ...outcomes } = live.record.outcomes;
    const attempts = { ...live.record.attempts, [index]: (live.record.attempts[index] ?? 0) + 1 };
    live.record = { ...live.record, outcomes, attempts, status: live.record.status === 'finished' || live.record.status === 'cancelled' ? 'running' : live.record.status };
    live.dirty = true;
    this.runs.save(live);
    await savedAll(live);
    if (live.record.status === 'running') await this.send(live, index);
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
    if (ENDED.has(t.state) && !live.record.outcomes[at.index]) {
      void this.finish(live, at.index, t).then(() => {
        this.settleIfDone(live);
        this.d.onChanged(this.info(live));
        void this.pump(live);
      });
      return;
    }
    this.d.onChanged(this.info(live));
  }

  /** Closing: hands nothing more to the engine; what was not sent goes when Gen Studio starts again. */
  stop(): void {
    this.stopping = true;
  }

  async flush(): Promise<void> {
    for (const live of this.runs.all.values()) {
      while (live.pumping) await live.pumping;
      await savedAll(live);
    }
  }

  private pump(live: Live): Promise<void> {
    live.pumping ??= this.feed(live).finally(() => {
      live.pumping = null;
      this.settleIfDone(live);
    });
    return live.pumping;
  }

  private async feed(live: Live): Promise<void> {
    while (live.record.status === 'running' && !this.stopping) {
      let ahead = 0;
      let next: number | null = null;
      for (const item of live.items) {
        const t = this.tasks.get(this.taskIdOf(live, item.index));
        if (t) {
          if (!ENDED.has(t.state)) ahead++;
        } else if (!live.record.outcomes[item.index] && next === null) next = item.index;
      }
      if (next === null || ahead >= BATCH_AHEAD) break;
      await this.send(live, next);
    }
  }

  private async send(live: Live, index: number): Promise<void> {
    const item = live.items[index]!;
    const id = this.taskIdOf(live, index);
    try {
      const request: TaskRequest = { endpointId: item.endpointId, params: item.params, inputs: Object.fromEntries(Object.entries(item.inputs).map(([f, assetId]) => [f, { assetId }])) };
      if (item.scaledMask) request.inputs[item.scaledMask.field] = { assetId: await this.scaledMask(live.record.spec, item.scaledMask) };
      const group = { id: live.record.id, index, count: live.items.length };
      const t = await this.d.engine.submit(request, { id, projectId: null, group });
      if (!this.tasks.has(id) || !ENDED.has(this.tasks.get(id)!.state)) this.tasks.set(id, t);
      this.d.onChanged(this.info(live));
    } catch (error) {
      if ((error instanceof IpcFailure && error.code === 'conflict') || this.stopping) return;
      const problem = error instanceof Error ? error.message : String(error);
      // Refused before anything went (a cap reached since, the key removed): the picture says why; the rest wait.
      this.note(live, index, { state: 'failed', cost: null, resultId: null, problem, file: null });
      this.d.onChanged(this.info(live));
      if (error instanceof IpcFailure && (error.code === 'spending-cap' || error.code === 'unavailable' || error.code === 'no-credits')) {
        await this.runs.setStatus(live, 'paused');
        this.d.notices.add('warning', `The batch “${live.record.name}” is paused: ${problem}`);
      }
    }
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
        const problem = t.state === 'moderated' ? moderatedWords(t.moderationReasons) : t.state === 'cancelled' ? 'Cancelled before it was sent.' : (t.error?.message ?? 'It did not finish.');
        this.note(live, index, { state: t.state, cost, resultId: t.resultId, problem, file: null });
        return;
      }
      const item = live.items[index]!;
      try {
        const source = this.d.library.pathsOf(t.resultId).file;
        const file = `${item.outputStem}${extname(source).toLowerCase() || '.png'}`;
        // The gallery's file carries the metadata the library embeds; the copy keeps it.
        await copyFile(source, join(live.record.spec.outputDir, file));
        this.note(live, index, { state: 'done', cost, resultId: t.resultId, problem: null, file });
      } catch (error) {
        this.d.log.warn('a batch result could not be written', { batch: live.record.id, index, error: String(error) });
        this.note(live, index, { state: 'failed', cost, resultId: t.resultId, problem: `Made, but not written to ${live.record.spec.outputDir}: check that the folder exists and may be written to, then send it again.`, file: null });
      }
    } finally {
      live.writing.delete(index);
    }
  }

  private note(live: Live, index: number, outcome: ItemOutcome): void {
    live.record = { ...live.record, outcomes: { ...live.record.outcomes, [index]: outcome } };
    live.dirty = true;
    this.runs.save(live);
  }

  private settleIfDone(live: Live): void {
    this.runs.finishIf(live, () => live.items.every((i) => live.record.outcomes[i.index] || (live.record.status === 'cancelled' && !this.tasks.has(this.taskIdOf(live, i.index)))) && live.writing.size === 0);
  }






  private taskIdOf(live: Live, index: number): string {
    return itemTaskId(live.record.id, index, live.record.attempts[index] ?? 0);
  }

  private info(live: Live): BatchInfo {
    const r = live.record;
    const items = live.items.map((i) => this.itemInfo(live, i));
    const done = items.filter((i) => i.state === 'done' && r.outcomes[i.index]).length;
    const failed = items.filter((i) => r.outcomes[i.index] && i.state !== 'done').length;
    const left = items.length - done - failed;
    const elapsed = (this.d.now() - r.startedAt) / 1000;
    const secondsLeft = done > 0 && left > 0 && r.status === 'running' ? Math.round((elapsed / done) * left) : left === 0 ? 0 : null;
    return { id: r.id, name: r.name, tool: r.spec.tool, endpointId: r.spec.endpointId, outputDir: r.spec.outputDir, status: r.status, createdAt: r.createdAt, items, done, failed, left, secondsLeft };
  }

  private itemInfo(live: Live, item: BatchItem): BatchItemInfo {
    const ended = live.record.outcomes[item.index];
    const t = this.tasks.get(this.taskIdOf(live, item.index));
    const base = { index: item.index, source: live.record.spec.pictures[item.picture]!.name, format: item.format, estimate: live.record.estimates[item.index] ?? null, retries: live.record.attempts[item.index] ?? 0 };
    if (ended) return { ...base, outputName: ended.file ?? item.outputStem, state: ended.state, cost: ended.cost, problem: ended.problem, resultId: ended.resultId };
    if (!t) return { ...base, outputName: item.outputStem, state: 'unsent', cost: null, problem: null, resultId: null };
    return { ...base, outputName: item.outputStem, state: t.state, cost: t.cost, problem: t.error?.message ?? null, resultId: t.resultId };
  }
}

/** Why the service held a picture back, in words. */
export function moderatedWords(reasons: readonly string[]): string {
  return `The service's moderation stopped it (${reasons.length ? reasons.join(', ').toLowerCase() : 'no reason given'}); nothing was charged. Send it again, or leave it out.`;
}

/** One mask at another size, still pure black and white (nearest neighbour, then a threshold). */
export async function scaleMask(bytes: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(bytes).resize(width, height, { fit: 'fill', kernel: 'nearest' }).greyscale().threshold(128).png().toBuffer();
}
