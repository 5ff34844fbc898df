import { useCallback, useEffect, useRef, useState } from 'react';
import { LIBRARY_PAGE_MAX, type LibraryItem, type LibraryQuery } from '../../../shared/ipc/contract';
import { gen } from '../api';
import { useLibraryStore } from './libraryStore';

export interface LibraryList {
  /** newest first: the pages asked for so far */
  readonly items: readonly LibraryItem[];
  /** how many results the query finds in the whole library */
  readonly total: number;
  /** the first page has come */
  readonly loaded: boolean;
  /** Asks for the next page. */
  more(): void;
}

interface Held {
  readonly key: string;
  readonly revision: number;
  readonly items: readonly LibraryItem[];
  readonly total: number;
}

/**
 * What one of the studio's pickers lists (the video panel's clips, the keyframe shelf's pictures), asked of the
 * library in main by kind, a page at a time, so that an old clip is found in a library of 100,000 newer pictures.
 * The newest results the app keeps at hand (libraryStore) are too few for that. A change to the library asks
 * again for as many as were shown; `query` is compared by value.
 */
export function useLibraryList(query: LibraryQuery, pageSize: number): LibraryList {
  const key = JSON.stringify(query);
  const revision = useLibraryStore((s) => s.revision);
  const [wanted, setWanted] = useState({ key, count: pageSize });
  const count = wanted.key === key ? wanted.count : pageSize;
  const [held, setHeld] = useState<Held | null>(null);
  // What the effect last set, read by the next one without asking again whenever it is set.
  const heldNow = useRef<Held | null>(null);

  useEffect(() => {
    let live = true;
    // Only the pages not held yet, unless the question or the library changed since.
    const kept = heldNow.current;
    const from = kept && kept.key === key && kept.revision === revision ? kept.items : [];
    if (kept && from === kept.items && (from.length >= count || from.length >= kept.total)) return;
    void listFrom(JSON.parse(key) as LibraryQuery, from, count).then((listed) => {
      if (!live || !listed) return;
      heldNow.current = { key, revision, ...listed };
      setHeld(heldNow.current);
    });
    return () => {
      live = false;
    };
  }, [key, count, revision]);

  const more = useCallback(() => setWanted({ key, count: count + pageSize }), [key, count, pageSize]);
  const shown = held?.key === key ? held : null;
  return { items: shown?.items ?? [], total: shown?.total ?? 0, loaded: shown !== null, more };
}

/** `from` and the results after it, up to `count`, asked at most one call's worth at a time; null on a failure. */
async function listFrom(query: LibraryQuery, from: readonly LibraryItem[], count: number): Promise<{ items: readonly LibraryItem[]; total: number } | null> {
  const items = [...from];
  let total: number;
  do {
    const page = await gen.library.page({ query, offset: items.length, limit: Math.min(LIBRARY_PAGE_MAX, count - items.length) });
    if (!page.ok) return null;
    items.push(...page.value.items);
    total = page.value.total;
    if (page.value.items.length === 0) break;
  } while (items.length < Math.min(count, total));
  return { items, total };
}
