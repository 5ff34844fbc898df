import type { ConnectionInfo, TaskInfo, TaskState } from '../../../shared/ipc/contract';

export const selectActiveConnection = (s: { readonly connections: readonly ConnectionInfo[] }): ConnectionInfo | undefined =>
  s.connections.find((c) => c.active);

/** Newest first: the queue reads top-down from what was just sent. */
export const selectTasksNewestFirst = (s: { readonly tasks: Readonly<Record<string, TaskInfo>> }): TaskInfo[] =>
  Object.values(s.tasks).sort((a, b) => b.createdAt - a.createdAt);

export type TaskGroup = 'waiting' | 'active' | 'attention' | 'finished';

const GROUP: Readonly<Record<TaskState, TaskGroup>> = {
  'ready-to-send': 'waiting',
  queued: 'waiting',
  waiting: 'waiting',
  submitting: 'active',
  running: 'active',
  downloading: 'active',
  'outcome-unknown': 'attention',
  failed: 'attention',
  moderated: 'finished',
  cancelled: 'finished',
  done: 'finished',
  webhook: 'finished',
};

export const taskGroupOf = (t: Pick<TaskInfo, 'state'>): TaskGroup => GROUP[t.state];

/** How many tasks are in each group, for the queue's header and the rail. */
export function selectTaskCounts(s: { readonly tasks: Readonly<Record<string, TaskInfo>> }): Record<TaskGroup, number> & { readyToSend: number } {
  const out = { waiting: 0, active: 0, attention: 0, finished: 0, readyToSend: 0 };
  for (const t of Object.values(s.tasks)) {
    out[GROUP[t.state]]++;
    if (t.state === 'ready-to-send') out.readyToSend++;
  }
  return out;
}
