import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { TaskInfo, TaskState } from '../../../../shared/ipc/contract';
import { chargedCost } from '../../../../shared/library/charge';
import { clockText, inputName, resultName, UNKNOWN_MODEL } from '../../../../shared/video/clipName';
import { promptForDisplay } from '../../../../shared/catalog/boundingBoxes';

const LABELS: Readonly<Record<TaskState, string>> = {
  'ready-to-send': 'Ready to send',
  queued: 'Queued',
  waiting: 'Waiting to try again',
  submitting: 'Sending',
  'outcome-unknown': 'Sent, outcome unknown',
  running: 'Running',
  downloading: 'Saving result',
  done: 'Done',
  failed: 'Failed',
  moderated: 'Moderated',
  cancelled: 'Cancelled',
  webhook: 'Sent to webhook',
};

export const stateLabel = (state: TaskState): string => LABELS[state];

/**
 * What a task or result is called on screen: its model, and for a clip draft or final, its length and the time
 * it was asked for ("Gen 3 Video draft · 5 s · 14:32"), so two clips of one model are told apart.
 */
export function nameOf(t: { readonly endpointId: string; readonly params: Readonly<Record<string, unknown>>; readonly createdAt: number }): string {
  return resultName(t, findEndpoint(t.endpointId)?.title ?? UNKNOWN_MODEL, clockText);
}

/** A result as an input is named where it is used (the board, the timeline, the shelf): "Outpainting · 14:32". */
export const inputNameOf = (t: { readonly endpointId: string; readonly params: Readonly<Record<string, unknown>>; readonly createdAt: number }): string =>
  inputName(t, findEndpoint(t.endpointId)?.title ?? UNKNOWN_MODEL);

// One formatter for every call: `toLocaleString` builds a new one each time, about a millisecond, which a gallery
// row of cards paid on every scroll frame.
const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number as the app shows it (credits, megapixels, counts): thousands grouped, at most two decimals: "2.5", "10,000". */
export const numberText = (n: number): string => NUMBER_FORMAT.format(Math.round(n * 100) / 100);

/** Credits with at most two decimals: "2.5 credits". */
export function creditsText(n: number | null): string | null {
  if (n === null) return null;
  return `${numberText(n)} ${n === 1 ? 'credit' : 'credits'}`;
}

/** How long a task has taken: from sending (or creation) to its end, or to now while it runs. */
export function elapsedText(t: Pick<TaskInfo, 'createdAt' | 'submittedAt' | 'finishedAt'>, now: number): string {
  const seconds = Math.max(0, Math.round(((t.finishedAt ?? now) - (t.submittedAt ?? t.createdAt)) / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** The cost line: the settled cost of a video when there is one, with what was quoted at submission. */
export function costText(t: Pick<TaskInfo, 'cost' | 'settledCost'> & Partial<Pick<TaskInfo, 'state'>>): string | null {
  // A moderated task is not charged: showing its quote beside "not charged" would contradict it.
  if (t.state === 'moderated') return 'Not charged';
  // A task that failed before the service took it was never priced, so never charged.
  if (t.state === 'failed' && t.cost === null && t.settledCost === null) return 'Not charged';
  if (t.settledCost !== null && t.cost !== null && t.settledCost !== t.cost) return `${creditsText(t.settledCost)} (quoted ${creditsText(t.cost)})`;
  return creditsText(chargedCost(t));
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
export function untilText(at: number | null, now: number): string | null {
  if (at === null) return null;
  const seconds = Math.max(0, Math.round((at - now) / 1000));
  return seconds < 60 ? `in ${seconds} s` : `in ${Math.round(seconds / 60)} min`;
}

/** The prompt, shortened for a row. */
export function promptOf(params: TaskInfo['params'], max = 120): string {
  const prompt = typeof params.prompt === 'string' ? promptForDisplay(params.prompt).trim() : '';
  return prompt.length > max ? `${prompt.slice(0, max - 1)}…` : prompt;
}
