import { join } from 'node:path';
import { z } from 'zod';
import type { SpendingPeriod } from '../../../shared/ipc/contract';
import type { PricedRun } from '../../../shared/pricing/priceModel';
import { UsageSchema } from '../../../shared/pricing/usage';
import type { Logger } from '../deps';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { asideStamp, readJsonOrSetAside } from '../fs/readJsonOrSetAside';
import { timed } from '../perf/phases';
import type { NoticeBoard } from '../notices/noticeBoard';
import { noticeWords } from '../notices/noticeWords';
import { periodStarts } from './periods';

const EntrySchema = z.object({
  taskId: z.string(),
  keyId: z.string(),
  endpointId: z.string(),
  /** when the service accepted the task */
  at: z.number(),
  cost: z.number(),
  /** false for tasks the service does not charge (moderated) */
  charged: z.boolean(),
  /**
   * The task was sent but its outcome is unknown (no answer was recorded): the service may or may not have taken
   * and charged it. Counted against every cap at `cost` (an estimate) until the user, or a later answer from the
   * service, settles it; not part of what was spent.
   */
  unsettled: z.boolean().optional(),
  /** an unsettled entry for which nothing had a price yet: `cost` is 0, and it is estimated again when checked */
  unpriced: z.boolean().optional(),
  /** what the service priced it on (its `input_mp` and `output_mp`, and the video's length): what estimates learn from */
  usage: UsageSchema.optional(),
});
export type LedgerEntry = z.infer<typeof EntrySchema>;

const FileSchema = z.object({ version: z.literal(1), entries: z.array(EntrySchema) });

/**
 * Credits spent, one entry per accepted task, kept apart from the task records so clearing the queue never
 * lowers the totals a cap is checked against.
 */
export class SpendingLedger {
  private readonly entries = new Map<string, LedgerEntry>();
  private writing: Promise<void> = Promise.resolve();
  /** The file could not be read and was set aside: the totals are rebuilt from the task records. */
  wasReset = false;

  private constructor(private readonly file: string) {}

  static async open(dataDir: string, o: { notices: NoticeBoard; log: Logger; now: () => number }): Promise<SpendingLedger> {
    const ledger = new SpendingLedger(join(dataDir, 'spending.json'));
    const read = await readJsonOrSetAside(ledger.file, { schema: FileSchema, aside: `${ledger.file}.unreadable-${asideStamp(o.now())}` });
    if (read.status === 'ok') for (const e of read.value.entries) ledger.entries.set(e.taskId, e);
    if (read.status === 'set-aside') {
      ledger.wasReset = true;
      o.log.warn('spending ledger unreadable; set aside', { aside: read.aside });
      o.notices.add('warning', noticeWords.ledgerSetAside(read.aside));
    }
    return ledger;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Every entry, for the spending chart. */
  all(): readonly LedgerEntry[] {
    return [...this.entries.values()];
  }

  has(taskId: string): boolean {
    return this.entries.has(taskId);
  }

  /** Records (or corrects) what a task costs. */
  async record(entry: LedgerEntry): Promise<void> {
    this.entries.set(entry.taskId, entry);
    await this.persist();
  }

  entry(taskId: string): LedgerEntry | undefined {
    return this.entries.get(taskId);
  }

  /** The service priced the task: its cost replaces the quote (or the estimate of an unsettled entry, which it settles). */
  async settle(taskId: string, cost: number): Promise<void> {
    const entry = this.entries.get(taskId);
    if (!entry || (entry.cost === cost && !entry.unsettled)) return;
    this.entries.set(taskId, settled({ ...entry, cost }));
    await this.persist();
  }

  /**
   * A task was sent and no answer was recorded: it is held against the caps at its estimate until settled. A task
   * already in the ledger (the service's answer was recorded before something else failed) is charged already.
   */
  async holdUnsettled(entry: Omit<LedgerEntry, 'charged' | 'unsettled'>): Promise<void> {
    if (this.entries.has(entry.taskId)) return;
    this.entries.set(entry.taskId, { ...entry, charged: true, unsettled: true });
    await this.persist();
  }

  /** Whether anything was ever spent (or held) on this key. */
  knowsKey(keyId: string): boolean {
    for (const e of this.entries.values()) if (e.keyId === keyId) return true;
    return false;
  }

  /** Entries whose outcome nobody has settled yet, for one key (or every key). */
  unsettledEntries(keyId?: string): LedgerEntry[] {
    return [...this.entries.values()].filter((e) => e.unsettled && (keyId === undefined || e.keyId === keyId));
  }

  /** The user (or the service) says whether an unsettled task was charged, and at what cost. */
  async resolve(taskId: string, charged: boolean, cost?: number): Promise<LedgerEntry | undefined> {
    const entry = this.entries.get(taskId);
    if (!entry?.unsettled) return undefined;
    const next = settled({ ...entry, charged, cost: cost ?? entry.cost });
    this.entries.set(taskId, next);
    await this.persist();
    return next;
  }

  /**
   * The task is sent again under the same record: what its earlier attempt cost (or holds, unsettled) stays in
   * the ledger under another name, so the new attempt's entry cannot overwrite it.
   */
  async setApart(taskId: string, attempt: string): Promise<void> {
    const entry = this.entries.get(taskId);
    if (!entry) return;
    this.entries.delete(taskId);
    const apart = `${taskId}@${attempt}`;
    this.entries.set(apart, { ...entry, taskId: apart });
    await this.persist();
  }

  /** Moderated tasks are not charged by the service. */
  async uncharge(taskId: string): Promise<void> {
    const entry = this.entries.get(taskId);
    if (!entry || (!entry.charged && !entry.unsettled)) return;
    this.entries.set(taskId, settled({ ...entry, charged: false }));
    await this.persist();
  }

  totals(keyId: string, now: number): Record<SpendingPeriod, number> {
    const starts = periodStarts(now);
    const out = { day: 0, week: 0, month: 0 };
    for (const e of this.entries.values()) {
      if (e.keyId !== keyId || !e.charged || e.unsettled) continue;
      for (const p of ['day', 'week', 'month'] as const) if (e.at >= starts[p] && e.at <= now) out[p] += e.cost;
    }
    const round = (n: number) => Math.round(n * 100) / 100;
    return { day: round(out.day), week: round(out.week), month: round(out.month) };
  }

  /**
   * What this key was charged for the endpoint, with what each was priced on: the runs a price estimate learns
   * from. Moderated, unsettled and unsized entries say nothing about the price and are left out.
   */
  runs(keyId: string, endpointId: string): PricedRun[] {
    const out: PricedRun[] = [];
    for (const e of this.entries.values()) {
      if (e.keyId !== keyId || e.endpointId !== endpointId || !e.charged || e.unsettled || !e.usage) continue;
      out.push({ cost: e.cost, usage: e.usage, at: e.at });
    }
    return out;
  }

  /** Waits for the writes under way (a test, or a clean stop, reads the file after). */
  flush(): Promise<void> {
    return this.writing.catch(() => undefined);
  }

  private persist(): Promise<void> {
    const snapshot = { version: 1 as const, entries: [...this.entries.values()] };
    this.writing = this.writing.catch(() => undefined).then(() => timed('record', () => writeJsonAtomic(this.file, snapshot)));
    return this.writing;
  }
}

/** An entry whose outcome is known: the unsettled marks go. */
function settled(entry: LedgerEntry): LedgerEntry {
  const { unsettled: _u, unpriced: _p, ...rest } = entry;
  return rest;
}
