import type { TaskInfo } from '../../../shared/ipc/contract';
import { chargeOf } from '../../../shared/library/charge';
import { ACTIVE_STATES, ENDED_STATES, ENGINE_RETRY_STATES } from '../../../shared/tasks/taskStates';
import { english } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import { originOf, type TaskDetail, type TaskRecord } from './taskRecord';
import { CANCEL_WARNING, CHARGED_AGAIN_WARNING, DOUBLE_CHARGE_WARNING, warnings } from './messages';
import { inputList } from './requestBody';

export { CANCEL_WARNING, CHARGED_AGAIN_WARNING, DOUBLE_CHARGE_WARNING };


/** Failures that happened after the service accepted the task, and that a retry resumes rather than resends. */
const RESUMABLE_ERRORS = new Set(['timed-out', 'network', 'server-error', 'key-rejected', 'bad-result', 'rate-limited', 'internal', 'no-key', 'set-aside']);

export type RetryMode = 'resume' | 'resend';

/** What Retry does for a task: check on the service's task again, or send the request again. */
export function retryModeOf(r: TaskRecord): RetryMode {
  // The service's answer was read before something in Gen Studio failed: ask it about the task, never resend.
  if (r.remote?.pollingUrl && r.state === 'outcome-unknown') return 'resume';
  if (r.remote?.pollingUrl && r.state === 'cancelled') return 'resume';
  if (r.remote?.pollingUrl && r.state === 'failed' && r.error && RESUMABLE_ERRORS.has(r.error.code)) return 'resume';
  return 'resend';
}

/** Failures after the service accepted the task, where Retry can only send it again, as a new task. */
const RESENT_AFTER_ACCEPTANCE = new Set(['result-expired', 'not-found', 'bad-request', 'no-credits', 'validation']);

/** The warning Retry asks the artist to accept, as words; null when there is none. */
export function retryWarningWordsOf(r: TaskRecord): Words | null {
  if (r.state === 'outcome-unknown') return retryModeOf(r) === 'resend' ? warnings.doubleCharge : null;
  if (retryModeOf(r) === 'resend' && r.remote && r.error && RESENT_AFTER_ACCEPTANCE.has(r.error.code)) return warnings.chargedAgain;
  return null;
}

/** A record's detail as the window reads it: its English, and its words when it has them (not an older record). */
function detailOf(detail: TaskDetail): Pick<TaskInfo, 'detail' | 'detailWords'> {
  return detail === null || typeof detail === 'string' ? { detail } : { detail: english(detail), detailWords: detail };
}

/** The two warnings of a task's actions, in English and as words. */
function warningsOf(r: TaskRecord): Pick<TaskInfo, 'cancelWarning' | 'cancelWarningWords' | 'retryWarning' | 'retryWarningWords'> {
  const cancel = ACTIVE_STATES.has(r.state);
  const retry = canRetry(r) ? retryWarningWordsOf(r) : null;
  return {
    cancelWarning: cancel ? CANCEL_WARNING : null,
    ...(cancel ? { cancelWarningWords: warnings.cancel } : {}),
    retryWarning: retry && english(retry),
    ...(retry ? { retryWarningWords: retry } : {}),
  };
}

function canRetry(r: TaskRecord): boolean {
  return ENGINE_RETRY_STATES.has(r.state);
}

/** The renderer's view of a record. */
export function toTaskInfo(r: TaskRecord): TaskInfo {
  return {
    id: r.id,
    endpointId: r.request.endpointId,
    state: r.state,
    serviceStatus: r.serviceStatus,
    progress: r.state === 'done' ? 1 : r.state === 'running' || r.state === 'downloading' ? (r.progress ?? null) : null,
    ...detailOf(r.detail),
    params: r.request.params,
    inputAssetIds: [...new Set(inputList(r.request).map((i) => i.assetId))],
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    submittedAt: r.submittedAt,
    finishedAt: r.finishedAt,
    nextAttemptAt: r.nextAttemptAt,
    remoteId: r.remote?.id ?? null,
    ...chargeOf(r.remote, r.settledCost),
    moderationReasons: r.moderationReasons,
    error: r.error,
    resultId: r.resultId,
    connectionLabel: r.connectionLabel,
    keyLabel: r.keyLabel,
    keyId: r.keyId,
    canCancel: !ENDED_STATES.has(r.state),
    ...warningsOf(r),
    canRetry: canRetry(r),
    canSend: r.state === 'ready-to-send',
    projectId: r.projectId,
    group: r.group,
    origin: originOf(r),
  };
}
