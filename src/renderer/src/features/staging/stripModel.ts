import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { CanvasDocument } from '../../../../shared/canvas/document';
import { canvasUse } from '../../../../shared/canvas/request';
import type { TaskInfo } from '../../../../shared/ipc/contract';
import { nameOf, progressPercent, promptOf, stateLabel } from '../../text/taskText';
import type { AppText } from '../../../../shared/i18n/text';
import { currentText } from '../../ui/i18n/textStore';
import { queuePositions } from '../../../../shared/tasks/queueOrder';
import { WORKING_STATES } from '../../../../shared/tasks/taskStates';

/** Where a result of the strip stands, as the artist sees it. */
type EntryStatus = 'working' | 'ready' | 'moderated' | 'failed' | 'stopped';

export interface StripEntry {
  readonly taskId: string;
  readonly task: TaskInfo;
  readonly status: EntryStatus;
  /** The library result, once it is ready. */
  readonly resultId: string | null;
  /** A few words for the tile: "Running 40%", "Moderated". */
  readonly label: string;
  /** Why it has no picture, in plain words, for moderated, failed and stopped results. */
  readonly reason: string | null;
  /** Whose words the reason is: the app's catalogs, or main's (a failure's message, a task's detail), still English. */
  readonly reasonWords: 'app' | 'main';
  readonly progress: number | null;
  readonly prompt: string;
  /** The model, and for a clip draft or final, its length and time: "Gen 3 Video draft · 5 s · 14:32". */
  readonly name: string;
}


function moderationReason(t: TaskInfo, text: AppText): string {
  // The reasons are the service's own words (its moderation categories), shown as it sent them.
  const reasons = t.moderationReasons.join(', ');
  // Request Moderated: the prompt or inputs were refused before anything was made; Content Moderated: the
  // picture was made but held back.
  if (t.serviceStatus === 'Content Moderated') return reasons ? text.t('strip.reason.heldBackBecause', { reasons }) : text.t('strip.reason.heldBack');
  return reasons ? text.t('strip.reason.refusedBecause', { reasons }) : text.t('strip.reason.refused');
}

function statusOf(t: TaskInfo): EntryStatus {
  if (t.state === 'done') return t.resultId ? 'ready' : 'failed';
  if (t.state === 'moderated') return 'moderated';
  if (t.state === 'failed') return 'failed';
  if (WORKING_STATES.has(t.state)) return 'working';
  return 'stopped';
}

function labelOf(t: TaskInfo, status: EntryStatus, position: number | null, text: AppText): string {
  if (status === 'working') {
    const percent = progressPercent(t);
    if (position !== null) return text.t('strip.tile.queued', { position });
    return percent !== null && (t.state === 'running' || t.state === 'downloading') ? text.t('strip.tile.progress', { state: stateLabel(t.state, text), percent }) : stateLabel(t.state, text);
  }
  if (status === 'ready') return text.t('strip.tile.ready');
  return stateLabel(t.state, text);
}

/** Why a result has no picture, and whose words say it: main's message or detail when it gave one, else the app's. */
function reasonOf(t: TaskInfo, status: EntryStatus, text: AppText): { reason: string | null; reasonWords: 'app' | 'main' } {
  const app = (reason: string) => ({ reason, reasonWords: 'app' as const });
  const main = (reason: string | null) => ({ reason, reasonWords: 'main' as const });
  if (status === 'moderated') return app(moderationReason(t, text));
  if (status === 'failed') {
    const said = t.error?.message ?? t.detail;
    return said !== null ? main(said) : app(text.t('strip.reason.noPicture'));
  }
  if (status === 'stopped') {
    if (t.state === 'cancelled') return t.detail ? main(t.detail) : app(text.t('strip.reason.cancelled'));
    if (t.state === 'outcome-unknown') return app(text.t('strip.reason.outcomeUnknown'));
    if (t.state === 'webhook') return app(text.t('strip.reason.webhook'));
    return main(t.detail);
  }
  return { reason: null, reasonWords: 'app' };
}

/** Whether the artist's decision still takes the result out of the strip (an undone accept does not). */
export function isDecided(document: Pick<CanvasDocument, 'base' | 'versions' | 'resultDecisions'>, taskId: string): boolean {
  const decision = document.resultDecisions?.[taskId];
  if (!decision) return false;
  if (decision.decision !== 'accepted') return true;
  // An accepted result stays out while the picture it became is the picture or one of its versions; undoing the
  // accept takes that picture back, and the result returns to the strip.
  const asset = decision.assetId;
  return asset !== undefined && (document.base?.assetId === asset || (document.versions ?? []).some((v) => v.image.assetId === asset));
}

/**
 * The library's results by the task that made them, for the tasks whose result was filed after the latest word
 * of the task itself: main tells of a filed result first and of the task's end after writing its record.
 */
export type FiledResults = ReadonlyMap<string, string>;

/**
 * A result of the strip, from its task. A task whose result the library has filed is ready from that moment,
 * with the library's preview as its tile, before its own record says it is done.
 */
export function entryOf(t: TaskInfo, filed: FiledResults = new Map(), position: number | null = null, text: AppText = currentText()): StripEntry {
  const filedId = t.state === 'downloading' ? filed.get(t.id) : undefined;
  const status = filedId !== undefined ? 'ready' : statusOf(t);
  return {
    taskId: t.id,
    task: t,
    status,
    resultId: filedId ?? (status === 'ready' ? t.resultId : null),
    label: labelOf(t, status, position, text),
    ...reasonOf(t, status, text),
    progress: status === 'working' ? progressPercent(t) : null,
    prompt: promptOf(t.params, 200),
    name: nameOf(t, text),
  };
}

/**
 * The results of one project's Generates still waiting for the artist's decision, oldest first (new ones land at
 * the end). An Explore matrix's cells and a Batch's requests are not the studio's: they live on the sheet and in
 * the batch's list, and all of them in the gallery.
 */
export function stripEntries(
  tasks: Readonly<Record<string, TaskInfo>>,
  projectId: string | null,
  document: Pick<CanvasDocument, 'base' | 'versions' | 'resultDecisions'>,
  filed: FiledResults = new Map(),
  text: AppText = currentText(),
): StripEntry[] {
  if (!projectId) return [];
  const all = Object.values(tasks);
  const positions = queuePositions(all);
  return all
    .filter((t) => t.origin === 'generate' && t.projectId === projectId && !isDecided(document, t.id))
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
    .map((t) => entryOf(t, filed, positions.get(t.id) ?? null, text));
}

/** The entry `step` places from `current` (wrapping round), or the first or last when nothing is selected. */
export function stepFrom(entries: readonly StripEntry[], current: string | null, step: number): string | null {
  if (entries.length === 0) return null;
  const at = entries.findIndex((e) => e.taskId === current);
  if (at === -1) return (step >= 0 ? entries[0] : entries[entries.length - 1])!.taskId;
  return entries[(((at + step) % entries.length) + entries.length) % entries.length]!.taskId;
}

/** Which entry stays selected when the selected one leaves the strip: the one after it, else the one before. */
export function selectionAfterLeaving(before: readonly StripEntry[], after: readonly StripEntry[], selected: string | null): string | null {
  if (selected === null || after.some((e) => e.taskId === selected)) return selected;
  const at = before.findIndex((e) => e.taskId === selected);
  if (at === -1) return null;
  const remaining = new Set(after.map((e) => e.taskId));
  for (let i = at + 1; i < before.length; i++) if (remaining.has(before[i]!.taskId)) return before[i]!.taskId;
  for (let i = at - 1; i >= 0; i--) if (remaining.has(before[i]!.taskId)) return before[i]!.taskId;
  return null;
}

/**
 * Where a result sits over the picture, in picture pixels: an expansion or outpainting result holds the
 * original at the offset the request gave; a result of the picture's own size lies on it; anything else is
 * centred on it.
 */
export function placement(task: Pick<TaskInfo, 'endpointId' | 'params'>, result: { width: number; height: number }, base: { width: number; height: number } | null): { x: number; y: number } {
  if (!base) return { x: 0, y: 0 };
  const endpoint = findEndpoint(task.endpointId);
  const num = (name: string) => (typeof task.params[name] === 'number' ? (task.params[name] as number) : 0);
  if (endpoint) {
    const use = canvasUse(endpoint);
    if (use.expandSides.length > 0) return { x: -num('left'), y: -num('top') };
    if (use.outpaint) {
      const offsets = endpoint.fields.filter((f) => f.role === 'outpaint-offset').map((f) => f.name);
      const [ox, oy] = [offsets.find((n) => n.endsWith('x')), offsets.find((n) => n.endsWith('y'))];
      return { x: -(ox ? num(ox) : 0), y: -(oy ? num(oy) : 0) };
    }
  }
  if (result.width === base.width && result.height === base.height) return { x: 0, y: 0 };
  return { x: Math.round((base.width - result.width) / 2), y: Math.round((base.height - result.height) / 2) };
}

/** Whether a result can be kept inside the mask only: the endpoint changes the masked part of the picture it was given. */
export function masksResult(endpointId: string): boolean {
  const endpoint = findEndpoint(endpointId);
  if (!endpoint) return false;
  const use = canvasUse(endpoint);
  return use.imageField !== null && (use.maskField !== null || use.alphaMask);
}
