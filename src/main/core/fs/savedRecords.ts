import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Logger } from '../deps';
import { runRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';
import type { NoticeBoard } from '../notices/noticeBoard';
import { noticeWords, runKind } from '../notices/noticeWords';
import { writeJsonAtomic } from './atomicWrite';
import { ensureDataSubfolder } from './dataSubfolder';
import { asideStamp, readJsonOrSetAside } from './readJsonOrSetAside';

/**
 * Records of long runs (a batch, a matrix), each in its own file `<prefix>-<uuid>.json` of one folder: read at
 * start, held in memory, written again as they change.
 */

/** A record held in memory and written to its own file: `dirty` when it changed since the last write began. */
export interface SavedRecord<R = unknown> {
  record: R;
  saving: Promise<void> | null;
  dirty: boolean;
}

/**
 * Every record saved in `dir` under `<prefix>-<uuid>.json`, whose id names its file. One that cannot be read is
 * set aside with a notice (`what` names it for the artist), and the rest load.
 */
export async function readSavedRecords<R extends { readonly id: string }>(o: {
  readonly dir: string;
  readonly prefix: string;
  readonly schema: z.ZodType<R>;
  readonly what: string;
  readonly now: () => number;
  readonly notices: Pick<NoticeBoard, 'add'>;
}): Promise<R[]> {
  await ensureDataSubfolder(o.dir, { holds: runKind(o.what), now: o.now, notices: o.notices });
  const pattern = new RegExp(`^${o.prefix}-[0-9a-f-]{36}\\.json$`);
  const records: R[] = [];
  for (const name of (await readdir(o.dir)).filter((n) => pattern.test(n))) {
    const read = await readJsonOrSetAside(join(o.dir, name), { schema: o.schema, aside: join(o.dir, '.set-aside', `${asideStamp(o.now())}-${name}`) });
    if (read.status === 'set-aside') o.notices.add('warning', noticeWords.savedRecordSetAside(o.what, read.aside));
    if (read.status === 'ok' && `${read.value.id}.json` === name) records.push(read.value);
  }
  return records;
}

/**
 * Writes the record, one write at a time; changes made meanwhile go in the next (a batch or a matrix changes with
 * every task's poll, and only its latest state is worth writing).
 */
export function saveCoalesced(live: SavedRecord, file: string, failed: (error: unknown) => void): void {
  if (live.saving) return;
  live.saving = (async () => {
    while (live.dirty) {
      live.dirty = false;
      await writeJsonAtomic(file, live.record).catch(failed);
    }
    live.saving = null;
  })();
}

/** Waits until every change made so far is on disk. */
export async function savedAll(live: Pick<SavedRecord, 'saving'>): Promise<void> {
  while (live.saving) await live.saving;
}

/** The runs of one kind (batches, or matrices) held in memory by id, each written to its own file in `dir`. */
export type RunStatus = 'running' | 'paused' | 'cancelled' | 'finished';

const REFUSALS = {
  paused: runRefusal.notPausable,
  running: runRefusal.notResumable,
  cancelled: runRefusal.ended,
};

export class RunRecords<L extends SavedRecord<{ readonly id: string; readonly status: RunStatus }>> {
  readonly all = new Map<string, L>();

  constructor(
    private readonly o: {
      readonly dir: string;
      readonly what: string;
      readonly log: Logger;
      /** a run's status changed and is on disk: every view hears of it */
      readonly changed: (live: L) => void;
    },
  ) {}

  get dir(): string {
    return this.o.dir;
  }

  get(id: string): L {
    const live = this.all.get(id);
    if (!live) throw refusedWith('not-found', runRefusal.gone(this.o.what));
    return live;
  }

  fileOf(id: string): string {
    return join(this.o.dir, `${id}.json`);
  }

  save(live: L): void {
    saveCoalesced(live, this.fileOf(live.record.id), (error) => this.o.log.error(`a ${this.o.what} could not be saved`, { id: live.record.id, error: String(error) }));
  }

  /** A running or paused run is finished once every one of its requests has ended. */
  finishIf(live: L, allEnded: () => boolean): void {
    if ((live.record.status !== 'running' && live.record.status !== 'paused') || !allEnded()) return;
    this.change(live, 'finished');
  }

  /**
   * Pauses a running run, resumes a paused one or cancels one that has not ended; anything else is refused in
   * words. On disk, and every view told, when this returns.
   */
  async move(id: string, to: 'paused' | 'running' | 'cancelled', settle?: (live: L) => Promise<unknown>): Promise<L> {
    const live = this.get(id);
    const from = live.record.status;
    const allowed = to === 'paused' ? from === 'running' : to === 'running' ? from === 'paused' : from !== 'finished' && from !== 'cancelled';
    if (!allowed) throw refusedWith('conflict', REFUSALS[to](this.o.what));
    if (settle) {
      // What was under way settles (the sender stops handing over, what was not sent is held) before the new
      // status is set: no save made meanwhile can put it on disk first, and a view that says "Paused" shows
      // every request that went.
      await settle(live);
      if (live.record.status !== from) return live;
    }
    await this.setStatus(live, to);
    return live;
  }

  /** A run's new status: on disk, and every view told, when this returns. */
  async setStatus(live: L, status: RunStatus): Promise<void> {
    this.change(live, status);
    await savedAll(live);
    this.o.changed(live);
  }

  private change(live: L, status: RunStatus): void {
    live.record = { ...live.record, status };
    live.dirty = true;
    this.save(live);
  }
}
