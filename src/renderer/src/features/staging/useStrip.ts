import { useEffect, useMemo, useRef } from 'react';
import { useLibraryStore } from '../../store/libraryStore';
import { useTaskStore } from '../../store/taskStore';
import { useCanvasStore } from '../canvas/canvasStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { useStagingStore } from './stagingStore';
import { useText } from '../../ui/i18n/textStore';
import { selectionAfterLeaving, stripEntries, type FiledResults, type StripEntry } from './stripModel';

/** The open project's results still waiting for a decision; each shows from the moment the library files it. */
export function useStripEntries(): StripEntry[] {
  const tasks = useTaskStore((s) => s.tasks);
  const items = useLibraryStore((s) => s.items);
  // A result's id is its task's (the library's record, ResultRecord).
  const filed = useMemo<FiledResults>(() => new Map(items.map((i) => [i.id, i.id])), [items]);
  const projectId = useProjectStore((s) => s.currentId);
  const base = useCanvasStore((s) => s.document.base);
  const versions = useCanvasStore((s) => s.document.versions);
  const resultDecisions = useCanvasStore((s) => s.document.resultDecisions);
  const text = useText();
  return useMemo(() => stripEntries(tasks, projectId, { base, versions, resultDecisions }, filed, text), [tasks, projectId, base, versions, resultDecisions, filed, text]);
}

/**
 * Keeps the selection sensible as results come and go: a result that lands is shown at once (unless the artist
 * is looking at another ready one), and when the shown one leaves the strip its neighbour is selected.
 */
export function useFollowResults(entries: readonly StripEntry[]): void {
  const previous = useRef<readonly StripEntry[] | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = entries;
    const { selectedId, select } = useStagingStore.getState();
    if (before === null) return; // opening: nothing new has landed, the artist chooses what to look at
    // A message speaks of the strip as it was ("The result is the picture now"): a new result, or one that
    // finishes, moderated or failed, makes it stale. The changed tile is brought into view at the strip's end.
    const changed = entries.filter((e) => before.find((b) => b.taskId === e.taskId)?.status !== e.status);
    if (changed.length > 0) {
      useStagingStore.getState().say(null);
      document.getElementById(`result-${changed[changed.length - 1]!.taskId}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
    const wasReady = new Set(before.filter((e) => e.status === 'ready').map((e) => e.taskId));
    const landed = entries.filter((e) => e.status === 'ready' && !wasReady.has(e.taskId) && before.some((b) => b.taskId === e.taskId));
    const current = entries.find((e) => e.taskId === selectedId);
    if (landed.length > 0 && current?.status !== 'ready') {
      select(landed[landed.length - 1]!.taskId);
      return;
    }
    const kept = selectionAfterLeaving(before, entries, selectedId);
    if (kept !== selectedId) select(kept);
  }, [entries]);
}

/** The selected entry, when it is in the strip. */
export function useSelectedEntry(entries: readonly StripEntry[]): StripEntry | null {
  const selectedId = useStagingStore((s) => s.selectedId);
  return entries.find((e) => e.taskId === selectedId) ?? null;
}
