import { create } from 'zustand';
import type { TaskInfo } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/result';
import { gen } from '../api';
import { frameBatch } from './frameBatch';

interface TaskState {
  readonly tasks: Readonly<Record<string, TaskInfo>>;
  readonly loaded: boolean;
  readonly error: string | null;
  load(): Promise<void>;
  follow(): () => void;
  /** Tasks a call answered with; an event that already brought a newer view of one is kept. */
  merge(tasks: readonly TaskInfo[]): void;
  cancel(id: string): Promise<IpcResult<TaskInfo>>;
  retry(id: string, acceptDoubleCharge: boolean): Promise<IpcResult<TaskInfo>>;
  send(ids?: string[]): Promise<IpcResult<{ sent: number }>>;
  clear(id: string): Promise<IpcResult<{ removed: boolean }>>;
}

/** The tasks with these views put in, one copy for them all; events can arrive out of order with a call's answer: the newer view is kept. */
function putAll(tasks: Readonly<Record<string, TaskInfo>>, views: readonly TaskInfo[]): Readonly<Record<string, TaskInfo>> {
  let next: Record<string, TaskInfo> | null = null;
  for (const task of views) {
    if (((next ?? tasks)[task.id]?.updatedAt ?? -1) > task.updatedAt) continue;
    next ??= { ...tasks };
    next[task.id] = task;
  }
  return next ?? tasks;
}

export const useTaskStore = create<TaskState>((set, get) => ({
  tasks: {},
  loaded: false,
  error: null,
  load: async () => {
    const result = await gen.tasks.list();
    if (!result.ok) return set({ error: result.error.message, loaded: true });
    get().merge(result.value);
    set({ loaded: true, error: null });
  },
  follow: () => {
    // Many tasks running move on many times a second: their views are put in together, once a frame.
    const updates = frameBatch<TaskInfo>((views) => set({ tasks: putAll(get().tasks, views) }));
    const offUpdated = gen.tasks.onUpdated((task) => updates.push(task));
    const offRemoved = gen.tasks.onRemoved(({ id }) => {
      updates.drop((t) => t.id === id);
      const { [id]: _gone, ...rest } = get().tasks;
      set({ tasks: rest });
    });
    return () => {
      offUpdated();
      offRemoved();
      updates.cancel();
    };
  },
  merge: (tasks) => {
    set({ tasks: putAll(get().tasks, tasks) });
  },
  cancel: (id) => gen.tasks.cancel({ id }),
  retry: (id, acceptDoubleCharge) => gen.tasks.retry({ id, acceptDoubleCharge }),
  send: (ids) => gen.tasks.send(ids ? { ids } : {}),
  clear: (id) => gen.tasks.clear({ id }),
}));
