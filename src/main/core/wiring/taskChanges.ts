import type { TaskInfo } from '../../../shared/ipc/contract';
import { ACTIVE_STATES } from '../../../shared/tasks/taskStates';
import type { CoreBus } from '../bus/coreBus';
import type { CreditRefresh } from '../spending/creditRefresh';

/** Those who hear every task change, besides the renderer (wiring/rendererEvents.ts). */
export interface TaskChangeListeners {
  /** Explore's matrices and Batch's runs: a cell or a picture of theirs moves on */
  readonly runs: ReadonlyArray<{ taskChanged(task: TaskInfo): void }>;
  /** the desktop notification when a task ends while the window is not in front */
  readonly notifyFinished: (task: TaskInfo) => void;
  /** the balance is asked again after each charge, and once a minute while tasks are on their way */
  readonly credits: Pick<CreditRefresh, 'setActive' | 'charged'>;
  /** a waiting install goes ahead when the tasks in flight settle */
  readonly updates: { tasksChanged(): void };
}

/** Subscribes each listener to the bus; answers a function that unsubscribes them all. */
export function wireTaskChanges(bus: CoreBus, l: TaskChangeListeners): () => void {
  const onTheirWay = new Set<string>();
  const offs = [
    ...l.runs.map((run) => bus.on('task.changed', (task) => run.taskChanged(task))),
    bus.on('task.changed', l.notifyFinished),
    bus.on('task.changed', (task) => {
      if (ACTIVE_STATES.has(task.state)) onTheirWay.add(task.id);
      else onTheirWay.delete(task.id);
      l.credits.setActive(onTheirWay.size > 0);
    }),
    bus.on('spending.charged', ({ keyId }) => l.credits.charged(keyId)),
    bus.on('task.changed', () => l.updates.tasksChanged()),
    bus.on('task.removed', () => l.updates.tasksChanged()),
  ];
  return () => offs.forEach((off) => off());
}
