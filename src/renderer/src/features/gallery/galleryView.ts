import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { LibraryItem, LibraryPage, LibraryQuery } from '../../../../shared/ipc/contract';
import { ok, type IpcResult } from '../../../../shared/ipc/result';
import type { TaskKind } from '../../../../shared/catalog/endpoint';
import { gen } from '../../api';
import { newestPage } from '../../store/libraryStore';

/** Results a page: a few screenfuls of cards, about 100 KB of JSON. */
const PAGE = 96;
/** Pages kept beyond those the grid shows, so a scroll back finds them; the rest are dropped (and asked again). */
const SPARE_PAGES = 4;

interface Facets {
  readonly models: readonly string[];
  readonly intents: readonly TaskKind[];
  readonly projects: readonly string[];
}

interface GalleryViewState {
  readonly query: LibraryQuery;
  /** cards the query shows */
  readonly total: number;
  /** results in the library, whatever the query */
  readonly all: number;
  /** the first page has come */
  readonly loaded: boolean;
  readonly error: string | null;
  /** the pages held, by number: a new map whenever one comes, so the grid knows to draw again */
  readonly pages: ReadonlyMap<number, readonly LibraryItem[]>;
  /** how many variations each stacked card stands for, by group id */
  readonly stacks: ReadonlyMap<string, number>;
  readonly facets: Facets;
  /** Shows what a query finds: from its first page, the first screenful. */
  setQuery(query: LibraryQuery): void;
  /** The cards the grid shows (first and last index): their pages are asked for, one at a time, nearest first. */
  show(from: number, to: number): void;
  /** The library changed: the pages held are asked for again (and shown as they were until then). */
  refresh(): void;
  loadFacets(): Promise<void>;
  /** A result changed (a star, a poster): shown at once where its page is held, before the pages are asked again. */
  patch(item: LibraryItem): void;
}

/** Which query the answers in flight are for: an answer to an older one is dropped. */
let generation = 0;
let inFlight: number | null = null;
let stale = new Set<number>();
let range = { from: 0, to: PAGE - 1 };

export const useGalleryView = create<GalleryViewState>((set, get) => {
  // Long (over 80 lines) as a zustand store is: its actions share the pump that asks for one page at a time.
  /** Asks for the next page the grid needs, if none is on its way; each answer asks for the next. */
  const pump = () => {
    if (inFlight !== null) return;
    const first = Math.floor(range.from / PAGE);
    const last = Math.max(first, Math.floor(range.to / PAGE));
    const { pages, total, loaded } = get();
    const lastPage = loaded ? Math.max(0, Math.ceil(total / PAGE) - 1) : first;
    let next: number | undefined;
    for (let p = first; p <= Math.min(last, lastPage); p++) {
      if (!pages.has(p) || stale.has(p)) {
        next = p;
        break;
      }
    }
    if (next === undefined) return;
    void fetchPage(next);
  };

  const fetchPage = async (page: number) => {
    const asked = generation;
    inFlight = page;
    const result = await ask(get().query, page);
    if (asked !== generation) return;
    inFlight = null;
    if (!result.ok) {
      set({ error: result.error.message, loaded: true });
      return;
    }
    stale.delete(page);
    const { items, total, all, stacks } = result.value;
    const pages = new Map(get().pages);
    pages.set(page, items);
    // Pages far from what the grid shows are dropped, so the heap holds a few screenfuls, not the library.
    const first = Math.floor(range.from / PAGE) - SPARE_PAGES;
    const last = Math.floor(range.to / PAGE) + SPARE_PAGES;
    for (const p of pages.keys()) if (p < first || p > last) pages.delete(p);
    // A page asked again after a change: the library may now hold fewer cards.
    for (const p of pages.keys()) if (p > 0 && p * PAGE >= total) pages.delete(p);
    const merged = new Map(get().stacks);
    for (const item of items) if (item.group) merged.delete(item.group.id);
    for (const [group, size] of Object.entries(stacks)) merged.set(group, size);
    set({ pages, total, all, stacks: merged, loaded: true, error: null });
    pump();
  };

  return {
    query: {},
    total: 0,
    all: 0,
    loaded: false,
    error: null,
    pages: new Map(),
    stacks: new Map(),
    facets: { models: [], intents: [], projects: [] },
    setQuery: (query) => {
      generation++;
      inFlight = null;
      stale = new Set();
      range = { from: 0, to: PAGE - 1 };
      set({ query, pages: new Map(), stacks: new Map(), loaded: false });
      pump();
    },
    show: (from, to) => {
      range = { from: Math.max(0, from), to: Math.max(from, to) };
      pump();
    },
    refresh: () => {
      // Answers on their way predate the change: asked again.
      if (inFlight !== null) stale.add(inFlight);
      generation++;
      inFlight = null;
      stale = new Set([...stale, ...get().pages.keys()]);
      if (get().pages.size === 0) set({ loaded: false });
      pump();
    },
    patch: (item) => {
      const { pages } = get();
      for (const [page, items] of pages) {
        const at = items.findIndex((i) => i.id === item.id);
        if (at < 0) continue;
        set({ pages: new Map(pages).set(page, items.map((i, n) => (n === at ? item : i))) });
        return;
      }
    },
    loadFacets: async () => {
      const result = await gen.library.facets();
      if (result.ok) set({ facets: result.value });
    },
  };
});

/**
 * One page of a query. The unfiltered view's first page is the start-up's ask for the newest results when the
 * library has not changed since: one call, already on its way before the Gallery was clicked.
 */
function ask(query: LibraryQuery, page: number): Promise<IpcResult<LibraryPage>> {
  const newest = page === 0 && Object.keys(query).length === 0 ? newestPage() : null;
  if (newest === null) return gen.library.page({ query, offset: page * PAGE, limit: PAGE });
  // Fewer cards than a page (a library smaller than the page, or a shorter ask): only when that is all there is.
  return newest.then((r) => (r.ok && r.value.items.length >= Math.min(PAGE, r.value.total) ? ok(firstCards(r.value, PAGE)) : gen.library.page({ query, offset: 0, limit: PAGE })));
}

/** The first `count` cards of a page, with the stacks they stand for. */
function firstCards(page: LibraryPage, count: number): LibraryPage {
  const items = page.items.slice(0, count);
  const groups = new Set(items.flatMap((i) => (i.group ? [i.group.id] : [])));
  return { ...page, items, stacks: Object.fromEntries(Object.entries(page.stacks).filter(([g]) => groups.has(g))) };
}

/** The card at `index` of the view, when its page is held. */
export function itemAt(pages: ReadonlyMap<number, readonly LibraryItem[]>, index: number): LibraryItem | null {
  return pages.get(Math.floor(index / PAGE))?.[index % PAGE] ?? null;
}

/** Where a held result stands in the view, or -1. */
export function heldIndexOf(pages: ReadonlyMap<number, readonly LibraryItem[]>, id: string | null): number {
  if (!id) return -1;
  for (const [page, items] of pages) {
    const at = items.findIndex((i) => i.id === id);
    if (at >= 0) return page * PAGE + at;
  }
  return -1;
}

/** The card at `index`, asked for when its page is not held (a step past the pages in the full view, a key press). */
export async function fetchItemAt(index: number): Promise<LibraryItem | null> {
  const { pages, query } = useGalleryView.getState();
  const held = itemAt(pages, index);
  if (held) return held;
  if (index < 0) return null;
  const result = await gen.library.page({ query, offset: index, limit: 1 });
  return result.ok ? (result.value.items[0] ?? null) : null;
}

/** The result asked for by id while it is not among the pages held (a notification's, or one stepped to). */
export function useHeldOrAsked(id: string | null, held: LibraryItem | null): LibraryItem | null {
  const [asked, setAsked] = useState<LibraryItem | null>(null);
  useEffect(() => {
    if (!id || held) return;
    let live = true;
    void gen.library.get({ id }).then((r) => live && r.ok && setAsked(r.value));
    return () => {
      live = false;
    };
  }, [id, held]);
  return held ?? (asked?.id === id ? asked : null);
}
