import { create } from 'zustand';
import type { TaskInfo } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/result';
import { gen } from '../api';

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

const put = (tasks: Readonly<Record<string, TaskInfo>>, task: TaskInfo) =>
  // Events can arrive out of order with a call's answer: keep the newer view.
  (tasks[task.id]?.updatedAt ?? -1) > task.updatedAt ? tasks : { ...tasks, [task.id]: task };

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
    const offUpdated = gen.tasks.onUpdated((task) => set({ tasks: put(get().tasks, task) }));
    const offRemoved = gen.tasks.onRemoved(({ id }) => {
      const { [id]: _gone, ...rest } = get().tasks;
      set({ tasks: rest });
    });
    return () => {
      offUpdated();
      offRemoved();
    };
  },
  merge: (tasks) => {
    let next = get().tasks;
    for (const t of tasks) next = put(next, t);
    set({ tasks: next });
  },
  cancel: (id) => gen.tasks.cancel({ id }),
  retry: (id, acceptDoubleCharge) => gen.tasks.retry({ id, acceptDoubleCharge }),
  send: (ids) => gen.tasks.send(ids ? { ids } : {}),
  clear: (id) => gen.tasks.clear({ id }),
}));
