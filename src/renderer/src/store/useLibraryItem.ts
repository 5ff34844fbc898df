import { useEffect, useState } from 'react';
import type { LibraryItem } from '../../../shared/ipc/contract';
import { gen } from '../api';
import { useLibraryStore } from './libraryStore';

/** A library result: from the library list when it is there, else asked for once. */
export function useLibraryItem(resultId: string | null): LibraryItem | null {
  const listed = useLibraryStore((s) => (resultId ? s.items.find((i) => i.id === resultId) : undefined));
  const [asked, setAsked] = useState<LibraryItem | null>(null);
  useEffect(() => {
    if (!resultId || listed) return;
    let live = true;
    void gen.library.get({ id: resultId }).then((r) => {
      if (live && r.ok) setAsked(r.value);
    });
    return () => {
      live = false;
    };
  }, [resultId, listed]);
  return listed ?? (asked?.id === resultId ? asked : null);
}
