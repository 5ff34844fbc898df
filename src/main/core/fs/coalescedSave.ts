import { writeJsonAtomic } from './atomicWrite';

/** A record held in memory and written to its own file: `dirty` when it changed since the last write began. */
export interface SavedRecord {
  readonly record: unknown;
  saving: Promise<void> | null;
  dirty: boolean;
}

/**
 * Writes the record, one write at a time; changes made meanwhile go in the next (a batch or a matrix changes with
 * every task's poll, and only its latest state is worth writing).
 */
export function saveCoalesced(live: SavedRecord, file: string, failed: (error: unknown) => void): void {
  if (live.saving) return;
  live.saving = (async () => {
    while (live.dirty) {
      live.dirty = false;
      await writeJsonAtomic(file, live.record).catch(failed);
    }
    live.saving = null;
  })();
}

/** Waits until every change made so far is on disk. */
export async function savedAll(live: Pick<SavedRecord, 'saving'>): Promise<void> {
  while (live.saving) await live.saving;
}
