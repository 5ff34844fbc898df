import { findEndpoint } from '../../../shared/catalog/catalog';
import type { TaskInfo, TaskState } from '../../../shared/ipc/contract';
import { chargedCost } from '../../../shared/library/charge';
import { inputName, resultName } from '../../../shared/video/clipName';
import { promptForDisplay } from '../../../shared/catalog/boundingBoxes';
import type { MessageId } from '../../../shared/i18n/catalog';
import { ENGLISH_TEXT, type AppText } from '../../../shared/i18n/text';

const LABELS: Readonly<Record<TaskState, MessageId>> = {
  'ready-to-send': 'task.state.readyToSend',
  queued: 'task.state.queued',
  waiting: 'task.state.waiting',
  submitting: 'task.state.submitting',
  'outcome-unknown': 'task.state.outcomeUnknown',
  running: 'task.state.running',
  downloading: 'task.state.downloading',
  done: 'task.state.done',
  failed: 'task.state.failed',
  moderated: 'task.state.moderated',
  cancelled: 'task.state.cancelled',
  webhook: 'task.state.webhook',
};

// Each helper takes the language on screen (`useText()`); screens not yet translated get English by default.

export const stateLabel = (state: TaskState, text: AppText = ENGLISH_TEXT): string => text.t(LABELS[state]);

/**
 * What a task or result is called on screen: its model, and for a clip draft or final, its length and the time
 * it was asked for ("Gen 3 Video draft · 5 s · 14:32"), so two clips of one model are told apart.
 */
export function nameOf(t: { readonly endpointId: string; readonly params: Readonly<Record<string, unknown>>; readonly createdAt: number }, text: AppText = ENGLISH_TEXT): string {
  return resultName(t, findEndpoint(t.endpointId)?.title ?? text.t('task.unknownModel'), text);
}

/** A result as an input is named where it is used (the board, the timeline, the shelf): "Outpainting · 14:32". */
export const inputNameOf = (t: { readonly endpointId: string; readonly params: Readonly<Record<string, unknown>>; readonly createdAt: number }, text: AppText = ENGLISH_TEXT): string =>
  inputName(t, findEndpoint(t.endpointId)?.title ?? text.t('task.unknownModel'), text);

/** Credits with at most two decimals: "2.5 credits". */
export function creditsText(n: number | null, text: AppText = ENGLISH_TEXT): string | null {
  return n === null ? null : text.credits(n);
}

/** How long a task has taken: from sending (or creation) to its end, or to now while it runs. */
export function elapsedText(t: Pick<TaskInfo, 'createdAt' | 'submittedAt' | 'finishedAt'>, now: number, text: AppText = ENGLISH_TEXT): string {
  return text.duration(((t.finishedAt ?? now) - (t.submittedAt ?? t.createdAt)) / 1000);
}

/** The cost line: the settled cost of a video when there is one, with what was quoted at submission. */
export function costText(t: Pick<TaskInfo, 'cost' | 'settledCost'> & Partial<Pick<TaskInfo, 'state'>>, text: AppText = ENGLISH_TEXT): string | null {
  // A moderated task is not charged: showing its quote beside "not charged" would contradict it.
  if (t.state === 'moderated') return text.t('task.notCharged');
  // A task that failed before the service took it was never priced, so never charged.
  if (t.state === 'failed' && t.cost === null && t.settledCost === null) return text.t('task.notCharged');
  if (t.settledCost !== null && t.cost !== null && t.settledCost !== t.cost) return text.t('task.costQuoted', { cost: text.credits(t.settledCost), quote: text.credits(t.cost) });
  return creditsText(chargedCost(t), text);
}

/** Progress as a percentage, when the service reports it. */
export const progressPercent = (t: Pick<TaskInfo, 'progress'>): number | null =>
  t.progress === null ? null : Math.max(0, Math.min(100, Math.round(t.progress * 100)));

/** The service's own status word, when it adds something to the state label. */
export function serviceStatusText(t: Pick<TaskInfo, 'state' | 'serviceStatus'>): string | null {
  if (!t.serviceStatus) return null;
  if (t.state === 'running' || t.state === 'failed') return t.serviceStatus;
  return null;
}

/** "in 4 s" for a retry time, from now. */
export function untilText(at: number | null, now: number, text: AppText = ENGLISH_TEXT): string | null {
  if (at === null) return null;
  const seconds = Math.max(0, Math.round((at - now) / 1000));
  return seconds < 60 ? text.t('task.inSeconds', { seconds }) : text.t('task.inMinutes', { minutes: Math.round(seconds / 60) });
}

/** The prompt, shortened for a row. */
export function promptOf(params: TaskInfo['params'], max = 120): string {
  const prompt = typeof params.prompt === 'string' ? promptForDisplay(params.prompt).trim() : '';
  return prompt.length > max ? `${prompt.slice(0, max - 1)}…` : prompt;
}
