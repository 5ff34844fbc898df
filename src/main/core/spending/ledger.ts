import { join } from 'node:path';
import { z } from 'zod';
import type { SpendingPeriod } from '../../../shared/ipc/contract';
import type { Logger } from '../deps';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { asideStamp, readJsonOrSetAside } from '../fs/readJsonOrSetAside';
import type { NoticeBoard } from '../notices/noticeBoard';
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
      o.notices.add('warning', `The record of what you spent could not be read. It was set aside as ${read.aside}; totals restart from the tasks still in the queue.`);
    }
    return ledger;
  }

  get size(): number {
    return this.entries.size;
  }

  has(taskId: string): boolean {
    return this.entries.has(taskId);
  }

  /** Records (or corrects) what a task costs. */
  async record(entry: LedgerEntry): Promise<void> {
    this.entries.set(entry.taskId, entry);
    await this.persist();
  }

  async settle(taskId: string, cost: number): Promise<void> {
    const entry = this.entries.get(taskId);
    if (!entry || entry.cost === cost) return;
    this.entries.set(taskId, { ...entry, cost });
    await this.persist();
  }

  /** Moderated tasks are not charged by the service. */
  async uncharge(taskId: string): Promise<void> {
    const entry = this.entries.get(taskId);
    if (!entry || !entry.charged) return;
    this.entries.set(taskId, { ...entry, charged: false });
    await this.persist();
  }

  totals(keyId: string, now: number): Record<SpendingPeriod, number> {
    const starts = periodStarts(now);
    const out = { day: 0, week: 0, month: 0 };
    for (const e of this.entries.values()) {
      if (e.keyId !== keyId || !e.charged) continue;
      for (const p of ['day', 'week', 'month'] as const) if (e.at >= starts[p] && e.at <= now) out[p] += e.cost;
    }
    const round = (n: number) => Math.round(n * 100) / 100;
    return { day: round(out.day), week: round(out.week), month: round(out.month) };
  }

  /** What the endpoint cost last time with this key (or any key): the estimate a cap is checked with. */
  lastCost(keyId: string, endpointId: string): number | undefined {
    let best: LedgerEntry | undefined;
    let any: LedgerEntry | undefined;
    for (const e of this.entries.values()) {
      if (e.endpointId !== endpointId) continue;
      if (e.keyId === keyId && (!best || e.at > best.at)) best = e;
      if (!any || e.at > any.at) any = e;
    }
    return (best ?? any)?.cost;
  }

  /** The most any task of the endpoints `alike` accepts has cost (any key): a cautious stand-in for an unpriced endpoint. */
  highestCost(alike: (endpointId: string) => boolean): number | undefined {
    let most: number | undefined;
    for (const e of this.entries.values()) if (alike(e.endpointId) && (most === undefined || e.cost > most)) most = e.cost;
    return most;
  }

  private persist(): Promise<void> {
    const snapshot = { version: 1 as const, entries: [...this.entries.values()] };
    this.writing = this.writing.catch(() => undefined).then(() => writeJsonAtomic(this.file, snapshot));
    return this.writing;
  }
}
