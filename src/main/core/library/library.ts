import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LibraryItem, LibraryPage, LibraryQuery } from '../../../shared/ipc/contract';
import type { Logger } from '../deps';
import { ensureDataSubfolder } from '../fs/dataSubfolder';
import { libraryRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';
import { TASK_ID_PATTERN } from '../../../shared/tasks/taskId';
import type { MediaRegistry } from '../media';
import type { NoticeBoard } from '../notices/noticeBoard';
import { filedSidecar, recoverFile, unfiledFile, writeResult, type FilingContext, type SaveRequest } from './filing';
import type { ResultOrigin } from '../../../shared/library/resultRecord';
import { GalleryIndex } from './galleryIndex';
import { GalleryState, type Mark } from './galleryState';
import { IndexLog } from './indexLog';
import { findPosters, loadEntries } from './libraryLoad';
import { PosterStore } from './posters';
import { timed } from '../perf/phases';
import { entryOf, hasImagePreview, recordOfEntry, type Entry } from './resultEntry';
import { isPlainFile, previewPath, SET_ASIDE, THUMBS } from './resultFiles';
import { registerResultMedia } from './resultProtocol';
import type { Sidecar } from './sidecar';
import { LibraryTrash } from './trash';

export type { SaveRequest } from './filing';

export type LibraryChange = { readonly kind: 'updated'; readonly item: LibraryItem } | { readonly kind: 'removed'; readonly id: string };

const notFound = () => refusedWith('not-found', libraryRefusal.gone);

/**
 * The results library: each result is its file plus a JSON sidecar, in a folder the user can open (filing.ts writes
 * them). The index (an append-only log, indexLog.ts) is a cache: lost or damaged, it is rebuilt from the sidecars
 * (libraryLoad.ts). What the gallery shows is queried in main (galleryIndex.ts) and sent a page at a time; deleted
 * results wait in trash.ts, video posters in posters.ts.
 */
const missingResultFile = () => refusedWith('not-found', libraryRefusal.fileMissing);

export class Library {
  private readonly listeners = new Set<(item: LibraryItem) => void>();
  private readonly changeListeners = new Set<(change: LibraryChange) => void>();
  /** The results in the gallery (not those in its trash), newest first, for its pages, search and filters. */
  private readonly shown: GalleryIndex;
  private readonly filing: FilingContext;

  private constructor(
    readonly dir: string,
    private readonly entries: Map<string, Entry>,
    private readonly gallery: GalleryState,
    private readonly indexLog: IndexLog,
    private readonly posters: PosterStore,
    private readonly trashed: LibraryTrash,
    private readonly media: MediaRegistry,
    o: { log: Logger; now: () => number; appVersion: string },
  ) {
    this.shown = new GalleryIndex((id) => this.gallery.markOf(id));
    this.filing = { dir, now: o.now, appVersion: o.appVersion, log: o.log };
    registerResultMedia(media, {
      fileOf: (id) => {
        const e = this.entries.get(id);
        return e ? join(this.dir, e.file) : undefined;
      },
      previewOf: (id) => {
        const e = this.entries.get(id);
        return e && (e.mime.startsWith('image/') || this.posters.has(id)) ? previewPath(this.dir, id) : undefined;
      },
    });
  }

  static async open(o: {
    dataDir: string;
    media: MediaRegistry;
    notices: NoticeBoard;
    log: Logger;
    now: () => number;
    appVersion?: string;
    /** the OS trash (Electron's `shell.trashItem`); deleted results go there, never unlinked */
    trashItem?: (path: string) => Promise<void>;
  }): Promise<Library> {
    const dir = join(o.dataDir, 'library');
    await ensureDataSubfolder(dir, { holds: 'results', now: o.now, notices: o.notices, log: o.log });
    await mkdir(join(dir, THUMBS), { recursive: true });
    const indexLog = new IndexLog(dir);
    const entries = await loadEntries({ dir, indexLog, notices: o.notices, log: o.log, now: o.now });
    const posters = new PosterStore((id) => previewPath(dir, id), await findPosters(entries, (id) => previewPath(dir, id)));
    const gallery = await GalleryState.open({ dir, asideDir: join(dir, SET_ASIDE), log: o.log, notices: o.notices, now: o.now });
    const trashItem =
      o.trashItem ??
      (async () => {
        throw new Error('no trash');
      });
    const trash = new LibraryTrash({ dir, gallery, indexLog, posters, log: o.log, trashItem });
    const library = new Library(dir, entries, gallery, indexLog, posters, trash, o.media, { log: o.log, now: o.now, appVersion: o.appVersion ?? '0.0.0' });
    // Deleted in a session that ended before it could send them to the trash: sent now.
    for (const id of gallery.pendingTrash) {
      const e = entries.get(id);
      if (!e) continue;
      entries.delete(id);
      await trash.put(e, false);
    }
    library.shown.load([...entries.values()].map((e) => e.row));
    // The sidecar schema compiles its fast path on its first parse (30 to 45 ms, then under a millisecond): done
    // here, at start, rather than in the first page a window asks for or the first result filed.
    const anyLine = [...entries.values()].find((e) => e.line !== null);
    if (anyLine) recordOfEntry(anyLine);
    await trash.empty();
    return library;
  }

  onAdded(listener: (item: LibraryItem) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onChanged(listener: (change: LibraryChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(change: LibraryChange): void {
    for (const listener of this.changeListeners) listener(change);
  }

  private entry(id: string): Entry {
    const e = this.entries.get(id);
    if (!e) throw notFound();
    return e;
  }

  /** Stars a result, or marks it discarded or kept. */
  async mark(id: string, patch: Partial<Mark>): Promise<LibraryItem> {
    this.entry(id);
    await this.gallery.mark(id, patch);
    this.shown.marksChanged();
    const item = this.get(id);
    this.changed({ kind: 'updated', item });
    return item;
  }

  /** Takes a result out of the gallery; its files stay where they are until the trash is emptied. */
  async trash(id: string): Promise<void> {
    const e = this.entry(id);
    this.entries.delete(id);
    this.shown.remove(id);
    await this.trashed.put(e);
    this.changed({ kind: 'removed', id });
  }

  async untrash(id: string): Promise<LibraryItem> {
    const e = await this.trashed.restore(id);
    this.entries.set(id, e);
    this.shown.put(e.row);
    const item = this.get(id);
    this.changed({ kind: 'updated', item });
    return item;
  }

  /** Sends deleted results to the OS trash (trash.ts). */
  emptyTrash(): Promise<void> {
    return this.trashed.empty();
  }

  /** Where a result's file and preview are on disk: for main's own use (export, drag, reveal), never sent out. */
  pathsOf(id: string): { file: string; mime: string; thumbnail: string | null; name: string } {
    const e = this.entry(id);
    const preview = hasImagePreview(e) || this.posters.has(id);
    return { file: join(this.dir, e.file), mime: e.mime, name: e.file, thumbnail: preview ? previewPath(this.dir, id) : null };
  }

  /**
   * Stores a video result's poster frame, drawn by the renderer; its `thumbnailUrl` serves it from then on, and
   * every view hears of it.
   */
  async setPoster(id: string, bytes: Uint8Array): Promise<LibraryItem> {
    const e = this.entry(id);
    if (e.mime.startsWith('image/')) throw refusedWith('bad-input', libraryRefusal.pictureNoPoster);
    if (!TASK_ID_PATTERN.test(id)) throw refusedWith('bad-input', libraryRefusal.posterDetailsLost);
    await this.posters.store(id, bytes);
    const item = this.item(e);
    this.changed({ kind: 'updated', item });
    return item;
  }

  /** A video result's stored poster (a small WebP), or null: it goes with the video when it becomes an input. */
  posterOf(id: string): Promise<Uint8Array | null> {
    return this.posters.read(id);
  }

  private item(e: Entry): LibraryItem {
    return {
      ...recordOfEntry(e),
      url: this.media.url('result', e.id),
      thumbnailUrl: this.thumbnailUrl(e),
      metadataLost: e.line === null,
      ...this.gallery.markOf(e.id),
    };
  }

  private thumbnailUrl(e: Entry): string | null {
    if (e.mime.startsWith('image/')) return this.media.url(e.line !== null ? 'result-thumb' : 'result', e.id);
    const poster = this.posters.tagOf(e.id);
    // The query is not part of what is served: it gives each new poster a new address, past any cache.
    return poster ? `${this.media.url('result-thumb', e.id)}?v=${poster}` : null;
  }

  /** Every result in the gallery, newest first (for tests and small libraries; the gallery asks for pages). */
  list(): LibraryItem[] {
    return this.shown.ids().map((id) => this.get(id));
  }

  /** One page of what a query shows, newest first; the search and the filters run here, over the whole library. */
  page(query: LibraryQuery, offset: number, limit: number): LibraryPage {
    const found = this.shown.page(query, offset, limit);
    return { total: found.total, all: this.shown.size, offset, items: found.ids.map((id) => this.get(id)), stacks: found.stacks };
  }

  /** Where a result stands among those a query shows, or null when it does not show. */
  locate(query: LibraryQuery, id: string): number | null {
    return this.shown.indexOf(query, id);
  }

  facets(): ReturnType<GalleryIndex['facets']> {
    return this.shown.facets();
  }

  get(id: string): LibraryItem {
    return this.item(this.entry(id));
  }

  /** A result's file, to use it as an input (a reference from the gallery). */
  async bytesOf(id: string): Promise<{ name: string; bytes: Uint8Array }> {
    const file = await this.fileOf(id);
    const bytes = await readFile(file).catch(() => {
      throw missingResultFile();
    });
    return { name: this.entry(id).file, bytes: new Uint8Array(bytes) };
  }

  /** Where a result's file is, for main-process code that reads it in pieces (a layered export's layers). */
  async fileOf(id: string): Promise<string> {
    const file = join(this.dir, this.entry(id).file);
    if (!(await isPlainFile(file))) throw missingResultFile();
    return file;
  }

  /** The saved result of a task, looking on disk too (a crash may have come between the sidecar and the index). */
  async find(taskId: string, endpointId: string, createdAt: number): Promise<LibraryItem | undefined> {
    if (this.entries.has(taskId)) return this.get(taskId);
    const sidecar = await filedSidecar(this.dir, { id: taskId, endpointId, createdAt });
    if (!sidecar) return undefined;
    await this.index(sidecar);
    return this.get(sidecar.id);
  }

  /** A task's result file left without its sidecar, adopted when it decodes (filing.ts, `recoverFile`). */
  async recover(meta: ResultOrigin): Promise<LibraryItem | undefined> {
    const sidecar = await recoverFile(this.filing, meta);
    return sidecar ? this.filed(sidecar) : undefined;
  }

  /** A task's result file left without its sidecar, found by name alone (nothing is read). */
  unfiledFile(meta: Pick<ResultOrigin, 'id' | 'endpointId' | 'createdAt'>): Promise<{ path: string; ext: string } | undefined> {
    return unfiledFile(this.dir, meta);
  }

  /**
   * Verifies and saves a result: file, preview, sidecar, index, in that order. Saving a task's result again
   * finds it already there and changes nothing.
   */
  async save(r: SaveRequest): Promise<LibraryItem> {
    const existing = await this.find(r.id, r.endpointId, r.createdAt);
    if (existing) return existing;
    const sidecar = await writeResult(this.filing, r);
    return timed('write', () => this.filed(sidecar));
  }

  /** Files a result in the index on disk and in the gallery's order. */
  private async index(sidecar: Sidecar): Promise<Entry> {
    const e = entryOf(sidecar);
    this.entries.set(e.id, e);
    this.shown.put(e.row);
    await this.indexLog.put(e.line!);
    return e;
  }

  /** A result whose file, preview and sidecar are written: indexed, then every listener hears of it. */
  private async filed(sidecar: Sidecar): Promise<LibraryItem> {
    const item = this.item(await this.index(sidecar));
    for (const listener of this.listeners) listener(item);
    return item;
  }
}
