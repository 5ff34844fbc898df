import { findEndpoint } from '../../../shared/catalog/catalog';
import type { TaskKind } from '../../../shared/catalog/endpoint';
import type { LibraryMedia, LibraryQuery } from '../../../shared/ipc/contract';
import { clipKind } from '../../../shared/video/clipName';
import type { Mark } from './galleryState';

/** What the gallery's search and filters read of one result, computed once when it is filed. */
export interface GalleryRow {
  readonly id: string;
  readonly savedAt: number;
  readonly createdAt: number;
  readonly endpointId: string;
  readonly kind: TaskKind | null;
  /** the prompt, the model's name and the file's name, in lower case: what a search looks in */
  readonly text: string;
  readonly projectId: string | null;
  /** a Generate's variations, when it made more than one */
  readonly groupId: string | null;
  /** a picture, a clip (`draft` for one made at the draft size), or neither */
  readonly media: LibraryMedia | null;
}

interface RowSource {
  readonly id: string;
  readonly savedAt: number;
  readonly createdAt: number;
  readonly endpointId: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly mime: string;
  readonly fileName: string;
  readonly projectId: string | null;
  readonly group: { id: string; count: number } | null;
}

function mediaOf(r: RowSource): LibraryMedia | null {
  if (r.mime.startsWith('image/')) return 'picture';
  if (!r.mime.startsWith('video/')) return null;
  return clipKind(r.endpointId, r.params) === 'draft' ? 'draft' : 'clip';
}

export function galleryRow(r: RowSource): GalleryRow {
  const endpoint = findEndpoint(r.endpointId);
  const prompt = typeof r.params.prompt === 'string' ? r.params.prompt : '';
  return {
    id: r.id,
    savedAt: r.savedAt,
    createdAt: r.createdAt,
    endpointId: r.endpointId,
    kind: endpoint?.kind ?? null,
    text: `${prompt} ${endpoint?.title ?? r.endpointId} ${r.fileName}`.toLowerCase(),
    projectId: r.projectId,
    groupId: r.group && r.group.count > 1 ? r.group.id : null,
    media: mediaOf(r),
  };
}

/** What a query shows: one id a card, newest first, and how many variations each stacked card stands for. */
interface View {
  readonly query: LibraryQuery;
  readonly ids: string[];
  readonly stacks: Map<string, number>;
  /** each Generate's card, by its group id: the newest of its variations the view shows */
  readonly cards: Map<string, string>;
  positions?: Map<string, number>;
}

/** The views asked for most recently are kept until the library changes: scrolling asks one view for page after page. */
const VIEWS_KEPT = 4;

/**
 * The gallery's results in order, newest first, with search, filters and stacks run here in main over the whole
 * library, so the renderer only ever holds the pages it shows. A filed result goes to its place by binary search;
 * a query's answer is kept until the next change.
 */
export class GalleryIndex {
  /** newest first; equal times keep the order they were filed in */
  private rows: GalleryRow[] = [];
  private readonly byId = new Map<string, GalleryRow>();
  private readonly views = new Map<string, View>();
  /** The filters' choices, kept until a change other than a new result (which moves its own to the front). */
  private facetsKept: Facets | null = null;

  constructor(private readonly markOf: (id: string) => Mark) {}

  get size(): number {
    return this.rows.length;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /**
   * Files many rows at once (start-up): one sort instead of one insert each. The unfiltered view and the
   * filters' choices are worked out here, before any window asks: the gallery's first page and the home screen's
   * newest results are then a slice, not a read of the whole library queued in front of the first thumbnails.
   */
  load(rows: Iterable<GalleryRow>): void {
    for (const row of rows) this.byId.set(row.id, row);
    this.rows = [...this.byId.values()].sort((a, b) => b.savedAt - a.savedAt);
    this.changed();
    this.view({});
    this.facets();
  }

  put(row: GalleryRow): void {
    if (this.byId.has(row.id)) this.remove(row.id);
    this.byId.set(row.id, row);
    // The first place holding an older result: after every result saved at the same moment or later.
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rows[mid]!.savedAt >= row.savedAt) lo = mid + 1;
      else hi = mid;
    }
    this.rows.splice(lo, 0, row);
    // The usual case, a result just made: it goes first in every view it shows in, without reading the library again
    // (which would hold main's event loop for tens of milliseconds at 100,000 results).
    if (lo === 0) {
      for (const view of this.views.values()) this.putFirst(view, row);
      if (this.facetsKept) this.facetsKept = withFirst(this.facetsKept, row);
    } else this.changed();
  }

  private putFirst(view: View, row: GalleryRow): void {
    if (!this.matches(row, view.query, wordsOf(view.query))) return;
    view.positions = undefined;
    const group = row.groupId;
    // In place: a copy of a view of 100,000 ids for each of the views kept was most of filing's hold on main.
    if (group && stacks(view.query)) {
      // Its Generate's card, if one shows already: the newest variation stands for the stack. Found by its id, not by
      // reading the view: a Generate's first variation has no card, and that read was 100,000 rows a view.
      const card = view.cards.get(group);
      if (card !== undefined) {
        view.ids.splice(view.ids.indexOf(card), 1);
        view.stacks.set(group, (view.stacks.get(group) ?? 1) + 1);
      }
      view.cards.set(group, row.id);
    }
    view.ids.unshift(row.id);
  }

  remove(id: string): void {
    const row = this.byId.get(id);
    if (!row) return;
    this.byId.delete(id);
    this.rows.splice(this.rows.indexOf(row), 1);
    this.changed();
  }

  /** Any change but a new result first: every view is read again when next asked for. */
  changed(): void {
    this.views.clear();
    this.facetsKept = null;
  }

  /** A star or a discard changed: only the views that filter by them are stale. */
  marksChanged(): void {
    for (const [key, view] of this.views) if (view.query.status !== undefined) this.views.delete(key);
  }

  /** Every result, newest first. */
  ids(): string[] {
    return this.rows.map((r) => r.id);
  }

  page(query: LibraryQuery, offset: number, limit: number): { total: number; ids: string[]; stacks: Record<string, number> } {
    const view = this.view(query);
    const ids = view.ids.slice(offset, offset + limit);
    const stacks: Record<string, number> = {};
    for (const id of ids) {
      const group = this.byId.get(id)?.groupId;
      const size = group ? view.stacks.get(group) : undefined;
      if (group && size) stacks[group] = size;
    }
    return { total: view.ids.length, ids, stacks };
  }

  indexOf(query: LibraryQuery, id: string): number | null {
    const view = this.view(query);
    let positions = view.positions;
    if (!positions) {
      positions = new Map(view.ids.map((v, i) => [v, i]));
      view.positions = positions;
    }
    const row = this.byId.get(id);
    // A variation hidden in its stack is found at its stack's card.
    const card = row?.groupId && !query.group ? view.cards.get(row.groupId) : undefined;
    return positions.get(id) ?? (card !== undefined ? positions.get(card) : undefined) ?? null;
  }

  /** The models, intents and projects of every result, for the filters, each in the order the newest shows it. */
  facets(): Facets {
    if (this.facetsKept) return this.facetsKept;
    const models = new Set<string>();
    const intents = new Set<TaskKind>();
    const projects = new Set<string>();
    for (const r of this.rows) {
      models.add(r.endpointId);
      if (r.kind) intents.add(r.kind);
      if (r.projectId) projects.add(r.projectId);
    }
    this.facetsKept = { models: [...models], intents: [...intents], projects: [...projects] };
    return this.facetsKept;
  }

  private view(query: LibraryQuery): View {
    const key = keyOf(query);
    const kept = this.views.get(key);
    if (kept) {
      // Asked again: the most recent, so the last to be dropped.
      this.views.delete(key);
      this.views.set(key, kept);
      return kept;
    }
    const view = this.compute(query);
    this.views.set(key, view);
    if (this.views.size > VIEWS_KEPT) this.views.delete(this.views.keys().next().value!);
    return view;
  }

  private matches(r: GalleryRow, q: LibraryQuery, words: readonly string[]): boolean {
    if (q.intent !== undefined && r.kind !== q.intent) return false;
    if (q.model !== undefined && r.endpointId !== q.model) return false;
    if (q.createdFrom !== undefined && r.createdAt < q.createdFrom) return false;
    if (q.project !== undefined && (q.project === 'none' ? r.projectId !== null : r.projectId !== q.project)) return false;
    if (q.group !== undefined && r.groupId !== q.group) return false;
    // A draft is a clip too.
    if (q.media !== undefined && r.media !== q.media && !(q.media === 'clip' && r.media === 'draft')) return false;
    if (q.status !== undefined) {
      const mark = this.markOf(r.id);
      if (q.status === 'starred' ? !mark.starred : q.status === 'discarded' ? !mark.discarded : mark.discarded) return false;
    }
    for (const w of words) if (!r.text.includes(w)) return false;
    return true;
  }

  private compute(query: LibraryQuery): View {
    const words = wordsOf(query);
    // A plain loop: a query reads every row, and a closure per row showed in the first page's time.
    const found: GalleryRow[] = [];
    for (const r of this.rows) if (this.matches(r, query, words)) found.push(r);
    if (!stacks(query)) return { query, ids: found.map((r) => r.id), stacks: new Map(), cards: new Map() };
    return { query, ...stack(found) };
  }
}

type Facets = { readonly models: string[]; readonly intents: TaskKind[]; readonly projects: string[] };

/** The choices once `row` is the newest result: its own come first, as a read of the rows newest first finds them. */
function withFirst(f: Facets, row: GalleryRow): Facets {
  const first = <T>(list: readonly T[], value: T | null): T[] => (value === null ? [...list] : [value, ...list.filter((v) => v !== value)]);
  return { models: first(f.models, row.endpointId), intents: first(f.intents, row.kind), projects: first(f.projects, row.projectId) };
}

/** One Generate's variations share a card, unless the query opens a stack or lists every variation. */
const stacks = (q: LibraryQuery): boolean => q.group === undefined && q.stacked !== false;

const wordsOf = (q: LibraryQuery): string[] => (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The variations of one Generate share one card (the newest shown one stands for them), so a press of Generate 4
 * takes one place in the grid. A group with one shown result is a card like any other.
 */
function stack(rows: readonly GalleryRow[]): { ids: string[]; stacks: Map<string, number>; cards: Map<string, string> } {
  const sizes = new Map<string, number>();
  const cards = new Map<string, string>();
  const ids: string[] = [];
  for (const r of rows) {
    const g = r.groupId;
    if (g) {
      sizes.set(g, (sizes.get(g) ?? 0) + 1);
      if (cards.has(g)) continue;
      cards.set(g, r.id);
    }
    ids.push(r.id);
  }
  for (const [g, n] of sizes) if (n < 2) sizes.delete(g);
  return { ids, stacks: sizes, cards };
}

const keyOf = (q: LibraryQuery): string => JSON.stringify([q.text ?? '', q.intent, q.model, q.createdFrom, q.status, q.project, q.group, q.media, q.stacked !== false]);
