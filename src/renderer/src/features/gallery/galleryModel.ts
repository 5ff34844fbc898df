import { findEndpoint } from '../../../../shared/catalog/catalog';
import { TASK_KIND_LABELS, type TaskKind } from '../../../../shared/catalog/endpoint';
import type { LibraryItem, LibraryQuery } from '../../../../shared/ipc/contract';
import type { TaskInput, TaskRequest } from '../../../../shared/tasks/taskRequest';
import { nameOf } from '../../text/taskText';
import { ENGLISH_TEXT, type AppText } from '../../../../shared/i18n/text';
import { promptForDisplay } from '../../../../shared/catalog/boundingBoxes';
import { isBatchGroup } from '../../../../shared/batch/plan';
import { labelFor, valueLabel } from '../forms/fieldModel';
import { clipTimeText } from '../../../../shared/video/videoWords';

export type DateRange = 'all' | 'today' | 'week' | 'month';
type StatusFilter = 'all' | 'kept' | 'discarded' | 'starred';

export interface GalleryFilter {
  readonly text: string;
  readonly intent: TaskKind | 'all';
  readonly model: string;
  readonly date: DateRange;
  readonly status: StatusFilter;
  /** a project's id, `none` for results made outside any project, or `all` */
  readonly project: string;
  /** one Generate's variations, opened from their stack; null shows every result */
  readonly group: string | null;
}

export const NO_FILTER: GalleryFilter = { text: '', intent: 'all', model: 'all', date: 'all', status: 'all', project: 'all', group: null };

/** The model, and for a clip draft or final, its length and time, as the strip and the queue name it. */
export const titleOf = (item: Pick<LibraryItem, 'endpointId' | 'params' | 'createdAt'>, text: AppText = ENGLISH_TEXT): string => nameOf(item, text);
export const intentLabel = (kind: TaskKind, text: AppText = ENGLISH_TEXT): string => text.t(TASK_KIND_LABELS[kind]);
/** The prompt as a caption shows it: boxes by their labels, not the JSON list sent. */
export const promptText = (item: Pick<LibraryItem, 'params'>): string => (typeof item.params.prompt === 'string' ? promptForDisplay(item.params.prompt) : '');
/** An input among a result's: its field, and for a clip's keyframe its time (one field holds several). */
export const inputKey = (input: Pick<LibraryItem['inputs'][number], 'field' | 'time'>): string => `${input.field}:${input.time ?? ''}`;

/** What a stack holds, in words: one Generate's variations, or one batch's results. */
export function stackWords(groupId: string, count: number, text: AppText = ENGLISH_TEXT): { badge: string; show: string; shown: string } {
  return isBatchGroup(groupId)
    ? { badge: text.t('gallery.stack.batchBadge', { count }), show: text.t('gallery.stack.batchShow', { count }), shown: text.t('gallery.stack.batchShown', { count }) }
    : { badge: text.t('gallery.stack.variationsBadge', { count }), show: text.t('gallery.stack.variationsShow', { count }), shown: text.t('gallery.stack.variationsShown', { count }) };
}

/** The start of the day, week (from Monday) or month holding `now`, in the computer's time zone. */
export function rangeStart(range: DateRange, now: number): number {
  if (range === 'all') return -Infinity;
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  if (range === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  if (range === 'month') d.setDate(1);
  return d.getTime();
}

/** What main is asked for: the filters as a query, the date range from the day the gallery opened. */
export function queryOf(f: GalleryFilter, now: number): LibraryQuery {
  return {
    ...(f.text.trim() ? { text: f.text } : {}),
    ...(f.intent !== 'all' ? { intent: f.intent } : {}),
    ...(f.model !== 'all' ? { model: f.model } : {}),
    ...(f.date !== 'all' ? { createdFrom: rangeStart(f.date, now) } : {}),
    ...(f.status !== 'all' ? { status: f.status } : {}),
    ...(f.project !== 'all' ? { project: f.project } : {}),
    ...(f.group !== null ? { group: f.group } : {}),
  };
}

/** The projects results were made in, for the project filter, by name (a project since removed by its id). */
export function projectsIn(ids: readonly string[], names: ReadonlyMap<string, string>, text: AppText = ENGLISH_TEXT): Array<{ id: string; name: string }> {
  return ids.map((id) => ({ id, name: names.get(id) ?? text.t('gallery.filter.removedProject') })).sort((a, b) => text.compare(a.name, b.name));
}

/** The endpoints that made results, for the model filter, by name. */
export function modelsIn(ids: readonly string[], text: AppText = ENGLISH_TEXT): Array<{ id: string; title: string }> {
  return ids.map((id) => ({ id, title: findEndpoint(id)?.title ?? id })).sort((a, b) => text.compare(a.title, b.title));
}

/** The picture an edit started from, for before/after: the endpoint's image field, or its first reference. */
export function beforeInputOf(item: Pick<LibraryItem, 'inputs' | 'endpointId'>): LibraryItem['inputs'][number] | null {
  if (findEndpoint(item.endpointId)?.kind === 'video') return null;
  return item.inputs.find((i) => i.field === 'image') ?? item.inputs.find((i) => i.field === 'input_image') ?? null;
}

/** The task inputs of a result, as `tasks.submit` takes them (keyframes gathered under their field). */
export function inputsOf(item: Pick<LibraryItem, 'inputs'>): TaskRequest['inputs'] {
  const inputs: Record<string, TaskInput> = {};
  for (const i of item.inputs) {
    if (i.time !== undefined) {
      const list = inputs[i.field];
      inputs[i.field] = [...(Array.isArray(list) ? list : []), { assetId: i.assetId, time: i.time }];
    } else {
      inputs[i.field] = { assetId: i.assetId };
    }
  }
  return inputs;
}

/** The same request again with the seed the result was made with: on a pinned model, the same picture. */
export function rerunRequest(item: LibraryItem): TaskRequest {
  const params = { ...item.params };
  if (item.seed !== null && findEndpoint(item.endpointId)?.fields.some((f) => f.name === 'seed')) params.seed = item.seed;
  return { endpointId: item.endpointId, params, inputs: inputsOf(item) };
}

/** The same request without its seed: sent as a group, main gives each variation a new seed of its own. */
export function variationRequest(item: LibraryItem): TaskRequest {
  const { seed: _seed, ...params } = item.params;
  return { endpointId: item.endpointId, params, inputs: inputsOf(item) };
}

/** "0:05" for a video's length. */
export function durationText(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** How many cards fit across the grid. */
export function columnsFor(width: number, minCard: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (minCard + gap)));
}

/**
 * A result's parameters in the words of the form that made them ("Moderation tolerance 2", "Mode From text"),
 * not the service's field names and codes; a parameter the model no longer lists is named from its own name.
 */
/** An input as the full view names it: "Input image", "Keyframe at 4.96 s" (the time as the timeline shows it). */
export function inputLabel(input: Pick<LibraryItem['inputs'][number], 'field' | 'time'>, text: AppText = ENGLISH_TEXT): string {
  if (input.time === undefined) return labelFor({ name: input.field });
  const time = clipTimeText(input.time, text);
  return input.field === 'keyframes' ? text.t('gallery.input.keyframeAt', { time }) : text.t('gallery.input.fieldAt', { field: labelFor({ name: input.field }), time });
}

export function paramRows(item: Pick<LibraryItem, 'endpointId' | 'params'>, text: AppText = ENGLISH_TEXT): Array<{ key: string; label: string; value: string; typed: boolean }> {
  const fields = findEndpoint(item.endpointId)?.fields ?? [];
  return Object.entries(item.params).map(([name, v]) => {
    const value = typeof v === 'string' ? valueLabel({ name }, v) : typeof v === 'boolean' ? text.t(v ? 'ui.yes' : 'ui.no') : JSON.stringify(v);
    // A prompt or another value as it was typed or sent is the artist's data, not the app's words.
    return { key: name, label: labelFor(fields.find((f) => f.name === name) ?? { name }), value, typed: typeof v !== 'boolean' && value === (typeof v === 'string' ? v : JSON.stringify(v)) };
  });
}
