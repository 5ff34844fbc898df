import { create } from 'zustand';
import type { LibraryItem, LibraryPage } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/result';
import { gen } from '../api';
import { loadAnswer, NOT_LOADED, type LoadState } from './loadAnswer';
import { useNavigationStore } from './navigationStore';

/**
 * How many of the newest results the app keeps at hand (the home screen, the pickers, the queue's links). The
 * gallery asks main for the pages it shows instead: a library of 100,000 never crosses to the renderer whole.
 */
const RECENT_RESULTS = 120;

interface LibraryState extends LoadState {
  /** the newest results, at most RECENT_RESULTS */
  readonly items: readonly LibraryItem[];
  /** counts every change main tells of (filed, updated, removed): the gallery asks again for the pages it shows */
  readonly revision: number;
  /** A result a notification click asked to show, until the gallery opens it. */
  readonly requestedOpen: string | null;
  clearRequestedOpen(): void;
  /** Results deleted in this session, newest last: undo brings the last one back until the app closes. */
  readonly trashed: readonly LibraryItem[];
  load(): Promise<void>;
  follow(): () => void;
  mark(id: string, patch: { starred?: boolean; discarded?: boolean }): Promise<IpcResult<LibraryItem>>;
  trash(id: string): Promise<IpcResult<{ id: string }>>;
  undoTrash(): Promise<IpcResult<LibraryItem> | null>;
}

/** The start-up's ask for the newest results, and the library's revision when it was asked. */
let newest: { readonly revision: number; readonly answer: Promise<IpcResult<LibraryPage>> } | null = null;

/**
 * The unfiltered view's first cards as the app asked for them at start, while the library has not changed
 * since: the gallery's first page rides on that call instead of queueing a second one behind the start-up's.
 */
export function newestPage(): Promise<IpcResult<LibraryPage>> | null {
  return newest !== null && newest.revision === useLibraryStore.getState().revision ? newest.answer : null;
}

const newestFirst = (items: readonly LibraryItem[]) => [...items].sort((a, b) => b.savedAt - a.savedAt).slice(0, RECENT_RESULTS);

/** Puts a result in (or replaces it), keeping the newest first; one older than every result held is not kept. */
const upsert = (items: readonly LibraryItem[], item: LibraryItem) => newestFirst([item, ...items.filter((i) => i.id !== item.id)]);

export const useLibraryStore = create<LibraryState>((set, get) => ({
  ...NOT_LOADED,
  items: [],
  revision: 0,
  trashed: [],
  requestedOpen: null,
  clearRequestedOpen: () => set({ requestedOpen: null }),
  load: async () => {
    const answer = gen.library.page({ offset: 0, limit: RECENT_RESULTS });
    newest = { revision: get().revision, answer };
    const result = await answer;
    set(loadAnswer(result, (page) => ({ items: page.items })));
  },
  follow: () => {
    const offs = [
      gen.library.onAdded((item) => {
        if (!get().items.some((i) => i.id === item.id)) set({ items: upsert(get().items, item), revision: get().revision + 1 });
      }),
      gen.library.onUpdated((item) => set({ items: upsert(get().items, item), revision: get().revision + 1 })),
      gen.library.onRemoved(({ id }) => set({ items: get().items.filter((i) => i.id !== id), revision: get().revision + 1 })),
      gen.library.onOpenRequested(({ resultId }) => {
        set({ requestedOpen: resultId });
        useNavigationStore.getState().show(resultId ? 'library' : 'queue');
      }),
    ];
    return () => offs.forEach((off) => off());
  },
  mark: async (id, patch) => {
    const result = await gen.library.mark({ id, ...patch });
    if (result.ok) set({ items: upsert(get().items, result.value) });
    return result;
  },
  trash: async (id) => {
    const item = get().items.find((i) => i.id === id) ?? (await gen.library.get({ id }).then((r) => (r.ok ? r.value : undefined)));
    const result = await gen.library.trash({ id });
    if (result.ok) set({ items: get().items.filter((i) => i.id !== id), trashed: item ? [...get().trashed, item] : get().trashed });
    return result;
  },
  undoTrash: async () => {
    const last = get().trashed.at(-1);
    if (!last) return null;
    const result = await gen.library.untrash({ id: last.id });
    set({ trashed: get().trashed.slice(0, -1), ...(result.ok ? { items: upsert(get().items, result.value) } : {}) });
    return result;
  },
}));
