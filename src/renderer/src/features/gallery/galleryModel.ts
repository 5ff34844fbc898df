import { findEndpoint } from '../../../../shared/catalog/catalog';
import { TASK_KIND_LABELS, type TaskKind } from '../../../../shared/catalog/endpoint';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import type { TaskInput, TaskRequest } from '../../../../shared/tasks/taskRequest';

export type DateRange = 'all' | 'today' | 'week' | 'month';
export type StatusFilter = 'all' | 'kept' | 'discarded' | 'starred';

export interface GalleryFilter {
  readonly text: string;
  readonly intent: TaskKind | 'all';
  readonly model: string;
  readonly date: DateRange;
  readonly status: StatusFilter;
}

export const NO_FILTER: GalleryFilter = { text: '', intent: 'all', model: 'all', date: 'all', status: 'all' };

export const titleOf = (item: Pick<LibraryItem, 'endpointId'>): string => findEndpoint(item.endpointId)?.title ?? item.endpointId;
export const intentOf = (item: Pick<LibraryItem, 'endpointId'>): TaskKind | null => findEndpoint(item.endpointId)?.kind ?? null;
export const intentLabel = (kind: TaskKind): string => TASK_KIND_LABELS[kind];
export const promptText = (item: Pick<LibraryItem, 'params'>): string => (typeof item.params.prompt === 'string' ? item.params.prompt : '');
export const isVideo = (item: Pick<LibraryItem, 'mime'>): boolean => item.mime.startsWith('video/');

/** The start of the day, week (from Monday) or month holding `now`, in the computer's time zone. */
export function rangeStart(range: DateRange, now: number): number {
  if (range === 'all') return -Infinity;
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  if (range === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  if (range === 'month') d.setDate(1);
  return d.getTime();
}

/** Every word of the search must appear in the prompt (or the endpoint's name, or the file's). */
export function matchesText(item: LibraryItem, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${promptText(item)} ${titleOf(item)} ${item.fileName}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

export function filterResults(items: readonly LibraryItem[], f: GalleryFilter, now: number): LibraryItem[] {
  const from = rangeStart(f.date, now);
  return items.filter(
    (i) =>
      (f.intent === 'all' || intentOf(i) === f.intent) &&
      (f.model === 'all' || i.endpointId === f.model) &&
      i.createdAt >= from &&
      (f.status === 'all' || (f.status === 'starred' ? i.starred : f.status === 'discarded' ? i.discarded : !i.discarded)) &&
      matchesText(i, f.text),
  );
}

/** The endpoints that made results, for the model filter, by name. */
export function modelsIn(items: readonly LibraryItem[]): Array<{ id: string; title: string }> {
  const ids = [...new Set(items.map((i) => i.endpointId))];
  return ids.map((id) => ({ id, title: titleOf({ endpointId: id }) })).sort((a, b) => a.title.localeCompare(b.title));
}

export function intentsIn(items: readonly LibraryItem[]): TaskKind[] {
  return [...new Set(items.map(intentOf).filter((k): k is TaskKind => k !== null))];
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

/** The same request with new seeds: `count` variations. */
export function variationRequests(item: LibraryItem, count: number, random: () => number = Math.random): TaskRequest[] {
  const hasSeed = findEndpoint(item.endpointId)?.fields.some((f) => f.name === 'seed') ?? false;
  return Array.from({ length: count }, () => {
    const params = { ...item.params };
    if (hasSeed) params.seed = Math.floor(random() * 2 ** 31);
    return { endpointId: item.endpointId, params, inputs: inputsOf(item) };
  });
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
