import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../deps';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { ensureDataSubfolder } from '../fs/dataSubfolder';
import { asideStamp, readJsonOrSetAside } from '../fs/readJsonOrSetAside';
import type { NoticeBoard } from '../notices/noticeBoard';
import { msg } from './messages';
import { TASK_ID_PATTERN } from '../../../shared/tasks/taskId';
import { TaskRecordSchema, type TaskRecord } from './taskRecord';

/**
 * Task records on disk, one JSON file each. Writes to one task are chained, so the file always ends up with
 * the last state given, and each write is atomic, so a crash leaves the previous state or the new one.
 */
export class TaskRepository {
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    readonly dir: string,
    private readonly notices: NoticeBoard,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  private file(id: string): string {
    if (!TASK_ID_PATTERN.test(id)) throw new Error('bad task id');
    return join(this.dir, `${id}.json`);
  }

  async loadAll(): Promise<TaskRecord[]> {
    await ensureDataSubfolder(this.dir, { holds: 'queue', now: this.now, notices: this.notices, log: this.log });
    const names = (await readdir(this.dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    const out: TaskRecord[] = [];
    for (const name of names) {
      const read = await readJsonOrSetAside(join(this.dir, name), {
        // An id that is not its file's name (or not an id at all) was written by something other than the app.
        schema: TaskRecordSchema.refine((r) => TASK_ID_PATTERN.test(r.id) && `${r.id}.json` === name),
        aside: join(this.dir, '.set-aside', `${name}.${asideStamp(this.now())}`),
      });
      if (read.status === 'ok') {
        out.push(read.value);
        continue;
      }
      if (read.status === 'missing') continue;
      this.log.warn('task record unreadable; set aside', { name });
      this.notices.add('error', msg.recordSetAside(read.aside));
    }
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }

  save(record: TaskRecord): Promise<void> {
    const snapshot = structuredClone(record);
    const previous = this.chains.get(record.id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => writeJsonAtomic(this.file(snapshot.id), snapshot));
    this.chains.set(record.id, next);
    void next.finally(() => {
      if (this.chains.get(record.id) === next) this.chains.delete(record.id);
    }).catch(() => undefined);
    return next;
  }

  async remove(id: string): Promise<void> {
    await (this.chains.get(id) ?? Promise.resolve()).catch(() => undefined);
    await rm(this.file(id), { force: true });
  }

  /** Waits for every write so far. */
  async flush(): Promise<void> {
    await Promise.all([...this.chains.values()].map((p) => p.catch(() => undefined)));
  }
}
