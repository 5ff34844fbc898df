import type { TaskInfo } from '../../../shared/ipc/contract';
import { refusedWith } from '../i18n/refusal';
import { timed } from '../perf/phases';
import type { EngineDeps } from './engineDeps';
import { msg } from './messages';
import type { TaskRecord } from './taskRecord';
import { toTaskInfo } from './taskView';

/**
 * The records in memory and the one way they change: every change is written (awaited: the disk is ahead of
 * the network) and then shown to the renderer. Once the engine has stopped, nothing changes any more.
 */
export class TaskBook {
  readonly records = new Map<string, TaskRecord>();
  stopped = false;

  constructor(private readonly d: EngineDeps) {}

  now(): number {
    return this.d.clock.now();
  }

  get(id: string): TaskRecord {
    const r = this.records.get(id);
    if (!r) throw refusedWith('not-found', msg.noLongerQueued);
    return r;
  }

  view(r: TaskRecord): TaskInfo {
    return toTaskInfo(r);
  }

  emit(r: TaskRecord): void {
    if (this.stopped) return;
    this.d.onUpdate(this.view(r));
  }

  /** Changes a record, writes it (awaited: the disk is ahead of the network), and tells the renderer. */
  async update(r: TaskRecord, changes: Partial<TaskRecord>, persist = true): Promise<void> {
    if (this.stopped) return;
    Object.assign(r, changes, { updatedAt: this.now() });
    if (persist) await timed('record', () => this.d.repo.save(r));
    this.emit(r);
  }
}
