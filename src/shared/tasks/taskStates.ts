import type { TaskState } from '../ipc/contract/tasks';

/** States after which a task does nothing more by itself. */
export const ENDED_STATES: ReadonlySet<TaskState> = new Set(['done', 'failed', 'moderated', 'cancelled', 'webhook', 'outcome-unknown']);
/** States in which nothing of the task has gone to the service (or the service refused it, and it waits to go again): cancelling sends and charges nothing. */
export const NOT_SENT_STATES: ReadonlySet<TaskState> = new Set(['queued', 'ready-to-send', 'waiting']);
/** States in which the task is with the service or on its way to or from it. */
export const ACTIVE_STATES: ReadonlySet<TaskState> = new Set(['submitting', 'running', 'downloading']);
/** Not ended: waiting to go or under way. */
export const WORKING_STATES: ReadonlySet<TaskState> = new Set([...NOT_SENT_STATES, ...ACTIVE_STATES]);
/** Ended without a picture: what a batch offers to send again (a moderated one too, unlike the engine's Retry). */
export const ENDED_WITHOUT_RESULT_STATES: ReadonlySet<TaskState> = new Set(['failed', 'moderated', 'cancelled', 'outcome-unknown']);
/** What the engine's Retry accepts: a moderated task is never retried there (never charged, it is sent anew instead). */
export const ENGINE_RETRY_STATES: ReadonlySet<TaskState> = new Set(['failed', 'cancelled', 'outcome-unknown']);

/** For states wider than a task's (a run's cell or item may also be 'unsent', never handed to the engine). */
export function isEnded(state: string): boolean {
  return (ENDED_STATES as ReadonlySet<string>).has(state);
}
