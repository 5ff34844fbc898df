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
  /** a project's id, `none` for results made outside any project, or `all` */
  readonly project: string;
  /** one Generate's variations, opened from their stack; null shows every result */
  readonly group: string | null;
}

export const NO_FILTER: GalleryFilter = { text: '', intent: 'all', model: 'all', date: 'all', status: 'all', project: 'all', group: null };

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
      (f.project === 'all' || (f.project === 'none' ? i.projectId === null : i.projectId === f.project)) &&
      (f.group === null || i.group?.id === f.group) &&
      matchesText(i, f.text),
  );
}

/**
 * The variations of one Generate stacked into one card (the newest shown one stands for them), so a press of
 * Generate 4 takes one place in the grid; `sizes` says how many each stack holds. Results of no group, or the
 * only shown one of theirs, stand alone.
 */
export function stackGroups(items: readonly LibraryItem[]): { shown: LibraryItem[]; sizes: ReadonlyMap<string, number> } {
  const sizes = new Map<string, number>();
  for (const i of items) if (i.group && i.group.count > 1) sizes.set(i.group.id, (sizes.get(i.group.id) ?? 0) + 1);
  const seen = new Set<string>();
  const shown = items.filter((i) => {
    const id = i.group?.id;
    if (!id || (sizes.get(id) ?? 0) < 2) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  for (const [id, n] of sizes) if (n < 2) sizes.delete(id);
  return { shown, sizes };
}

/** The projects results were made in, for the project filter, by name (a project since removed by its id). */
export function projectsIn(items: readonly LibraryItem[], names: ReadonlyMap<string, string>): Array<{ id: string; name: string }> {
  const ids = [...new Set(items.flatMap((i) => (i.projectId ? [i.projectId] : [])))];
  return ids.map((id) => ({ id, name: names.get(id) ?? 'A removed project' })).sort((a, b) => a.name.localeCompare(b.name));
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
