import { join } from 'node:path';
import type { Logger } from '../deps';
import { libraryRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';
import type { GalleryState } from './galleryState';
import type { IndexLog } from './indexLog';
import { hasImagePreview, type Entry } from './resultEntry';
import { baseOf, previewPath } from './resultFiles';
import type { PosterStore } from './posters';

/**
 * Results deleted in this session: out of the gallery, back with undo, sent to the OS trash when the app closes
 * (the file, its sidecar and its preview; never unlinked). One that cannot go stays pending, in `.gallery.json`,
 * and is tried at the next start.
 */
export class LibraryTrash {
  private readonly trashed = new Map<string, Entry>();

  constructor(
    private readonly o: {
      readonly dir: string;
      readonly gallery: GalleryState;
      readonly indexLog: IndexLog;
      readonly posters: PosterStore;
      readonly log: Logger;
      readonly trashItem: (path: string) => Promise<void>;
    },
  ) {}

  /** Takes a result in (a delete, or one pending from an earlier session when `persist` is false). */
  async put(e: Entry, persist = true): Promise<void> {
    this.trashed.set(e.id, e);
    if (persist) await this.persist();
  }

  /** Gives a deleted result back (undo). */
  async restore(id: string): Promise<Entry> {
    const e = this.trashed.get(id);
    if (!e) throw refusedWith('not-found', libraryRefusal.alreadyTrashed);
    this.trashed.delete(id);
    await this.persist();
    return e;
  }

  async empty(): Promise<void> {
    if (this.trashed.size === 0) return;
    const gone: string[] = [];
    for (const [id, e] of this.trashed) {
      try {
        await this.o.trashItem(join(this.o.dir, e.file));
        if (e.line !== null) await this.o.trashItem(join(this.o.dir, `${baseOf(e.file)}.json`));
        if (hasImagePreview(e) || this.o.posters.has(id)) await this.o.trashItem(previewPath(this.o.dir, id)).catch(() => undefined);
        gone.push(id);
      } catch (error) {
        this.o.log.warn('library: a deleted result could not be moved to the trash; it will be tried again', { file: e.file, error: error instanceof Error ? error.message : 'unknown' });
      }
    }
    for (const id of gone) {
      this.trashed.delete(id);
      this.o.posters.forget(id);
    }
    await this.o.gallery.forget(gone);
    await this.persist();
    await this.o.indexLog.remove(gone);
  }

  private persist(): Promise<void> {
    return this.o.gallery.setPendingTrash([...this.trashed.keys()]);
  }
}
