import { createHash } from 'node:crypto';
import { lstat, mkdir, open, readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { findEndpoint } from '../../../shared/catalog/catalog';
import type { LibraryItem, LibraryPage, LibraryQuery } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { MEDIA_TYPES, sniffMediaType, SNIFF_BYTES, type MediaType } from '../../../shared/media/mediaType';
import type { Logger } from '../deps';
import { TASK_ID_PATTERN } from '../engine/taskRecord';
import { writeFileAtomic, writeJsonAtomic } from '../fs/atomicWrite';
import { GalleryIndex, galleryRow, type GalleryRow } from './galleryIndex';
import { IndexLog } from './indexLog';
import { asideStamp, readJsonOrSetAside } from '../fs/readJsonOrSetAside';
import type { MediaRegistry } from '../media';
import type { NoticeBoard } from '../notices/noticeBoard';
import { timed } from '../perf/phases';
import { buildGenerationMetadata } from '../../../shared/metadata/generationMetadata';
import { posterPreview } from '../assets/poster';
import { inspectResult, type InspectedResult } from './inspect';
import { embedInResult } from './metadata/embed';
import { remuxWithMetadata } from './metadata/mp4Export';
import { GalleryState, type Mark } from './galleryState';
import { SidecarSchema, type Sidecar } from './sidecar';

const THUMBS = '.thumbs';
const SET_ASIDE = '.set-aside';
/** A video result's poster is kept where an image's preview is; this is its size. */
const POSTER_EDGE = 320;

/** By extension, for a result found without its sidecar; what it is served as is read from its content. */
const MIME_BY_EXT: Readonly<Record<string, string>> = Object.fromEntries(Object.values(MEDIA_TYPES).map((t) => [`.${t.ext}`, t.mime]));

/** A sidecar describes the file beside it of the same name, and no other. */
const sidecarOf = (base: string) => SidecarSchema.refine((s) => s.file === `${base}${extname(s.file)}`);

export type LibraryChange = { readonly kind: 'updated'; readonly item: LibraryItem } | { readonly kind: 'removed'; readonly id: string };

/** What is kept beside a result: everything of a save but its bytes. */
export interface ResultMeta {
  readonly taskId: string;
  readonly endpointId: string;
  readonly params: Sidecar['params'];
  readonly inputs: Sidecar['inputs'];
  readonly seed: number | null;
  readonly cost: number | null;
  readonly settledCost: number | null;
  readonly inputMp: number | null;
  readonly outputMp: number | null;
  readonly remoteTaskId: string | null;
  readonly connectionLabel: string;
  readonly createdAt: number;
  readonly submittedAt: number | null;
  readonly readyAt: number | null;
  readonly projectId?: string | null;
  readonly group?: { readonly id: string; readonly index: number; readonly count: number } | null;
}

export interface SaveRequest extends ResultMeta {
  readonly bytes: Uint8Array;
}

/** A file name the user can read in their file manager, fixed by the task so saving twice lands in one place. */
function baseNameFor(taskId: string, endpointId: string, createdAt: number): string {
  const d = new Date(createdAt);
  const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${ymd}_${endpointId.replace(/[^A-Za-z0-9.-]/g, '-')}_${taskId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`;
}

interface Entry {
  readonly id: string;
  readonly file: string;
  readonly mime: string;
  readonly bytes: number;
  readonly savedAt: number;
  /** its line in the index, the sidecar parsed again when a page needs it; null when the sidecar could not be read */
  readonly line: string | null;
  readonly row: GalleryRow;
}

function entryOf(s: Sidecar, line: string): Entry {
  return { id: s.id, file: s.file, mime: s.mime, bytes: s.bytes, savedAt: s.timings.savedAt, line, row: rowOf(s.id, s.file, s.timings.savedAt, s) };
}

function rowOf(id: string, file: string, savedAt: number, s: Sidecar | null): GalleryRow {
  const prompt = s && typeof s.params.prompt === 'string' ? s.params.prompt : '';
  return galleryRow({
    id,
    savedAt,
    createdAt: s?.timings.createdAt ?? savedAt,
    endpointId: s?.endpoint.id ?? 'unknown',
    prompt,
    fileName: file,
    projectId: s?.projectId ?? null,
    group: s?.group ?? null,
  });
}

const sidecarOfEntry = (e: Entry): Sidecar | null => (e.line === null ? null : IndexLog.sidecarOf(e.line));

/**
 * The results library: each result is its file plus a JSON sidecar, in a folder the user can open. Every
 * write is atomic and the sidecar is written after the file, so a crash at any point leaves either nothing
 * or a whole result. The index (an append-only log, indexLog.ts) is a cache: lost or damaged, it is rebuilt
 * from the sidecars. What the gallery shows is queried in main (galleryIndex.ts) and sent a page at a time.
 */
export class Library {
  private readonly entries = new Map<string, Entry>();
  private readonly indexLog: IndexLog;
  /** The results in the gallery (not those in its trash), newest first, for its pages, search and filters. */
  private readonly shown = new GalleryIndex((id) => this.gallery.markOf(id));
  private readonly listeners = new Set<(item: LibraryItem) => void>();
  private readonly changeListeners = new Set<(change: LibraryChange) => void>();
  /** Deleted in this session: out of the gallery, back with undo, to the OS trash when the app closes. */
  private readonly trashed = new Map<string, Entry>();
  /** Video results with a poster frame, and a short tag of it (which gives each new poster a new address). */
  private readonly posters = new Map<string, string>();
  private gallery!: GalleryState;
  private trashItem: (path: string) => Promise<void> = async () => {
    throw new Error('no trash');
  };

  private constructor(
    readonly dir: string,
    private readonly media: MediaRegistry,
    private readonly notices: NoticeBoard,
    private readonly log: Logger,
    private readonly now: () => number,
    private readonly appVersion: string,
  ) {
    this.indexLog = new IndexLog(dir);
    media.register('result', async (id) => {
      const e = this.entries.get(id);
      if (!e) return undefined;
      const file = join(this.dir, e.file);
      const type = await this.mediaTypeOf(file);
      return type ? { file, mime: type.mime } : undefined;
    });
    media.register('result-thumb', async (id) => {
      const e = this.entries.get(id);
      if (!e || !(e.mime.startsWith('image/') || this.posters.has(id))) return undefined;
      return { file: join(this.dir, THUMBS, `${id}.webp`), mime: 'image/webp' };
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
    const library = new Library(join(o.dataDir, 'library'), o.media, o.notices, o.log, o.now, o.appVersion ?? '0.0.0');
    if (o.trashItem) library.trashItem = o.trashItem;
    await mkdir(join(library.dir, THUMBS), { recursive: true });
    await library.load();
    library.gallery = await GalleryState.open({ dir: library.dir, asideDir: join(library.dir, SET_ASIDE), log: o.log, notices: o.notices, now: o.now });
    // Deleted in a session that ended before it could send them to the trash: sent now.
    for (const id of library.gallery.pendingTrash) {
      const e = library.entries.get(id);
      if (e) {
        library.entries.delete(id);
        library.trashed.set(id, e);
      }
    }
    library.shown.load([...library.entries.values()].map((e) => e.row));
    await library.emptyTrash();
    return library;
  }

  onChanged(listener: (change: LibraryChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(change: LibraryChange): void {
    for (const listener of this.changeListeners) listener(change);
  }

  /** Stars a result, or marks it discarded or kept. */
  async mark(id: string, patch: Partial<Mark>): Promise<LibraryItem> {
    this.get(id);
    await this.gallery.mark(id, patch);
    this.shown.marksChanged();
    const item = this.get(id);
    this.changed({ kind: 'updated', item });
    return item;
  }

  /** Takes a result out of the gallery; its files stay where they are until the trash is emptied. */
  async trash(id: string): Promise<void> {
    const e = this.entries.get(id);
    if (!e) throw new IpcFailure('not-found', 'That result is no longer in the library.');
    this.entries.delete(id);
    this.shown.remove(id);
    this.trashed.set(id, e);
    await this.gallery.setPendingTrash([...this.trashed.keys()]);
    this.changed({ kind: 'removed', id });
  }

  async untrash(id: string): Promise<LibraryItem> {
    const e = this.trashed.get(id);
    if (!e) throw new IpcFailure('not-found', 'That result has already gone to the trash; restore it from your system’s trash.');
    this.trashed.delete(id);
    this.entries.set(id, e);
    this.shown.put(e.row);
    await this.gallery.setPendingTrash([...this.trashed.keys()]);
    const item = this.get(id);
    this.changed({ kind: 'updated', item });
    return item;
  }

  /**
   * Sends deleted results to the OS trash: the file, its sidecar and its preview. One that cannot go stays
   * pending and is tried at the next start; nothing is unlinked.
   */
  async emptyTrash(): Promise<void> {
    if (this.trashed.size === 0) return;
    const gone: string[] = [];
    for (const [id, e] of this.trashed) {
      const base = e.file.slice(0, -extname(e.file).length);
      try {
        await this.trashItem(join(this.dir, e.file));
        if (e.line !== null) await this.trashItem(join(this.dir, `${base}.json`));
        if ((e.mime.startsWith('image/') && e.line !== null) || this.posters.has(id)) await this.trashItem(join(this.dir, THUMBS, `${id}.webp`)).catch(() => undefined);
        gone.push(id);
      } catch (error) {
        this.log.warn('library: a deleted result could not be moved to the trash; it will be tried again', { file: e.file, error: error instanceof Error ? error.message : 'unknown' });
      }
    }
    for (const id of gone) {
      this.trashed.delete(id);
      this.posters.delete(id);
    }
    await this.gallery.forget(gone);
    await this.gallery.setPendingTrash([...this.trashed.keys()]);
    await this.indexLog.remove(gone);
  }

  /** Where a result's file and preview are on disk: for main's own use (export, drag, reveal), never sent out. */
  pathsOf(id: string): { file: string; mime: string; thumbnail: string | null; name: string } {
    const e = this.entries.get(id);
    if (!e) throw new IpcFailure('not-found', 'That result is no longer in the library.');
    return {
      file: join(this.dir, e.file),
      mime: e.mime,
      name: e.file,
      thumbnail: (e.mime.startsWith('image/') && e.line !== null) || this.posters.has(id) ? join(this.dir, THUMBS, `${id}.webp`) : null,
    };
  }

  onAdded(listener: (item: LibraryItem) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async load(): Promise<void> {
    const names = await readdir(this.dir);
    const sidecarNames = new Set<string>();
    for (const n of names) if (n.endsWith('.json') && !n.startsWith('.')) sidecarNames.add(n);
    const read = await this.indexLog.read(entryOf);
    if (!read.entries) this.log.warn('library index missing or unreadable; rebuilding from the sidecars');
    const known = new Set<string>();
    for (const e of read.entries?.values() ?? []) {
      const sidecarName = `${e.file.slice(0, e.file.lastIndexOf('.'))}.json`;
      // An entry whose sidecar is gone was removed outside the app.
      if (!sidecarNames.has(sidecarName)) continue;
      this.entries.set(e.id, e);
      known.add(sidecarName);
    }
    // Sidecars the index does not list: a lost index, or a crash between a sidecar and the index.
    const adopted: Sidecar[] = [];
    for (const name of sidecarNames) {
      if (known.has(name)) continue;
      const sidecar = await this.adopt(name, names);
      if (sidecar) adopted.push(sidecar);
    }
    // A dropped entry (its sidecar gone) leaves a line behind too: the log is rewritten when it is worth it.
    const dropped = (read.entries?.size ?? 0) - known.size;
    if (read.compact || !read.entries || dropped > 100) await this.indexLog.compact(this.indexed());
    else for (const sidecar of adopted) await this.indexLog.put(this.entries.get(sidecar.id)!.line!);
    for (const e of this.entries.values()) {
      if (e.mime.startsWith('image/')) continue;
      const poster = await stat(join(this.dir, THUMBS, `${e.id}.webp`)).catch(() => undefined);
      if (poster?.isFile()) this.posters.set(e.id, Math.floor(poster.mtimeMs).toString(16));
    }
  }

  /**
   * Stores a video result's poster frame, drawn by the renderer (checked and shrunk by `posterPreview`); its
   * `thumbnailUrl` serves it from then on, and every view hears of it.
   */
  async setPoster(id: string, bytes: Uint8Array): Promise<LibraryItem> {
    const e = this.entries.get(id);
    if (!e) throw new IpcFailure('not-found', 'That result is no longer in the library.');
    if (e.mime.startsWith('image/')) throw new IpcFailure('bad-input', 'That result is a picture; only a video takes a poster frame.');
    if (!TASK_ID_PATTERN.test(id)) throw new IpcFailure('bad-input', 'That result’s details were lost; its poster cannot be stored.');
    const preview = await posterPreview(bytes, POSTER_EDGE);
    await writeFileAtomic(join(this.dir, THUMBS, `${id}.webp`), preview);
    this.posters.set(id, createHash('sha256').update(preview).digest('hex').slice(0, 12));
    const item = this.item(e);
    this.changed({ kind: 'updated', item });
    return item;
  }

  /** A video result's stored poster (a small WebP), or null: it goes with the video when it becomes an input. */
  async posterOf(id: string): Promise<Uint8Array | null> {
    if (!this.posters.has(id)) return null;
    const bytes = await readFile(join(this.dir, THUMBS, `${id}.webp`)).catch(() => undefined);
    return bytes ? new Uint8Array(bytes) : null;
  }

  /** Adopts a sidecar the index did not list; the sidecar when it was whole (to be indexed). */
  private async adopt(sidecarName: string, names: readonly string[]): Promise<Sidecar | undefined> {
    const base = sidecarName.slice(0, -'.json'.length);
    const read = await readJsonOrSetAside(join(this.dir, sidecarName), {
      schema: sidecarOf(base),
      aside: join(this.dir, SET_ASIDE, `${base}.${asideStamp(this.now())}.json`),
    });
    if (read.status === 'ok') {
      this.entries.set(read.value.id, entryOf(read.value, IndexLog.lineOf(read.value)));
      return read.value;
    }
    if (read.status === 'missing') return undefined;
    const aside = read.aside;
    const media = names.find((n) => n.startsWith(`${base}.`) && !n.endsWith('.json') && MIME_BY_EXT[extname(n).toLowerCase()]);
    this.log.warn('library sidecar unreadable; set aside', { sidecar: sidecarName });
    if (media) {
      const size = (await stat(join(this.dir, media)).catch(() => undefined))?.size ?? 0;
      const savedAt = this.now();
      this.entries.set(base, { id: base, file: media, mime: MIME_BY_EXT[extname(media).toLowerCase()]!, bytes: size, savedAt, line: null, row: rowOf(base, media, savedAt, null) });
      this.notices.add(
        'warning',
        `The details of the result ${media} could not be read; they were set aside as ${aside}. The file itself is kept and still shown in the library.`,
      );
    } else {
      this.notices.add('warning', `A damaged details file (${sidecarName}) was found in the library without its result and was set aside as ${aside}.`);
    }
    return undefined;
  }

  /** What the index lists: every result whose sidecar was read, in the order they were filed. */
  private *indexed(): Iterable<string> {
    for (const e of this.entries.values()) if (e.line !== null) yield e.line;
  }

  /** Files a result in the index on disk and in the gallery's order. */
  private async index(sidecar: Sidecar): Promise<void> {
    const e = entryOf(sidecar, IndexLog.lineOf(sidecar));
    this.entries.set(e.id, e);
    this.shown.put(e.row);
    await this.indexLog.put(e.line!);
  }

  private item(e: Entry): LibraryItem {
    const s = sidecarOfEntry(e);
    return {
      id: e.id,
      fileName: e.file,
      url: this.media.url('result', e.id),
      thumbnailUrl: this.thumbnailUrl(e),
      mime: e.mime,
      bytes: e.bytes,
      width: s?.width ?? null,
      height: s?.height ?? null,
      endpointId: s?.endpoint.id ?? 'unknown',
      release: s?.endpoint.release ?? null,
      params: s?.params ?? {},
      seed: s?.seed ?? null,
      inputs: s?.inputs ?? [],
      cost: s ? (s.settledCost ?? s.cost) : null,
      inputMp: s?.inputMp ?? null,
      outputMp: s?.outputMp ?? null,
      taskId: s?.task.id ?? e.id,
      remoteTaskId: s?.task.remoteId ?? null,
      connectionLabel: s?.connection.label ?? '',
      createdAt: s?.timings.createdAt ?? e.savedAt,
      submittedAt: s?.timings.submittedAt ?? null,
      readyAt: s?.timings.readyAt ?? null,
      savedAt: e.savedAt,
      metadataLost: s === null,
      seconds: s?.seconds ?? null,
      starred: this.gallery?.markOf(e.id).starred ?? false,
      discarded: this.gallery?.markOf(e.id).discarded ?? false,
      projectId: s?.projectId ?? null,
      group: s?.group ?? null,
    };
  }

  private thumbnailUrl(e: Entry): string | null {
    if (e.mime.startsWith('image/')) return this.media.url(e.line !== null ? 'result-thumb' : 'result', e.id);
    const poster = this.posters.get(e.id);
    // The query is not part of what is served: it gives each new poster a new address, past any cache.
    return poster ? `${this.media.url('result-thumb', e.id)}?v=${poster}` : null;
  }

  /**
   * What a result's file really is, from its first bytes: only a plain file in the library folder (not a link out of
   * it) of a kind the library keeps is served, whatever its sidecar says.
   */
  private async mediaTypeOf(file: string): Promise<MediaType | undefined> {
    if (!(await isPlainFile(file))) return undefined;
    const handle = await open(file, 'r').catch(() => undefined);
    if (!handle) return undefined;
    try {
      const head = new Uint8Array(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      return sniffMediaType(head.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
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
    const e = this.entries.get(id);
    if (!e) throw new IpcFailure('not-found', 'That result is no longer in the library.');
    return this.item(e);
  }

  /** A result's file, to use it as an input (a reference from the gallery). */
  async bytesOf(id: string): Promise<{ name: string; bytes: Uint8Array }> {
    const e = this.entries.get(id);
    if (!e) throw new IpcFailure('not-found', 'That result is no longer in the library.');
    const file = join(this.dir, e.file);
    const missing = () => new IpcFailure('not-found', 'That result’s file is missing from the library folder.');
    if (!(await isPlainFile(file))) throw missing();
    const bytes = await readFile(file).catch(() => {
      throw missing();
    });
    return { name: e.file, bytes: new Uint8Array(bytes) };
  }

  /** The saved result of a task, looking on disk too (a crash may have come between the sidecar and the index). */
  async find(taskId: string, endpointId: string, createdAt: number): Promise<LibraryItem | undefined> {
    if (this.entries.has(taskId)) return this.get(taskId);
    const base = baseNameFor(taskId, endpointId, createdAt);
    const text = await readFile(join(this.dir, `${base}.json`), 'utf8').catch(() => undefined);
    if (text === undefined) return undefined;
    const parsed = sidecarOf(base).safeParse((() => { try { return JSON.parse(text) as unknown; } catch { return undefined; } })());
    if (!parsed.success) return undefined;
    await this.index(parsed.data);
    return this.get(parsed.data.id);
  }

  /**
   * A task's result file left without its sidecar (a crash came between the two): adopted when it decodes, by
   * writing what the save would have written after the file. Undefined when there is no such file, or it does
   * not decode (a file cut short is replaced by the next save).
   */
  async recover(meta: ResultMeta): Promise<LibraryItem | undefined> {
    const base = baseNameFor(meta.taskId, meta.endpointId, meta.createdAt);
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.startsWith(`${base}.`) || !MIME_BY_EXT[extname(name).toLowerCase()]) continue;
      const bytes = await readFile(join(this.dir, name)).catch(() => undefined);
      if (!bytes) continue;
      const inspected = await inspectResult(new Uint8Array(bytes)).catch(() => undefined);
      if (!inspected || `${base}.${inspected.ext}` !== name) continue;
      this.log.info('library: adopted a result saved before its details', { file: name });
      return this.file(meta, bytes.byteLength, inspected);
    }
    return undefined;
  }

  /** A task's result file left without its sidecar, found by name alone (nothing is read): see `recover`. */
  async unfiledFile(meta: Pick<ResultMeta, 'taskId' | 'endpointId' | 'createdAt'>): Promise<{ path: string; ext: string } | undefined> {
    const base = baseNameFor(meta.taskId, meta.endpointId, meta.createdAt);
    const name = (await readdir(this.dir).catch(() => [] as string[])).find((n) => n.startsWith(`${base}.`) && MIME_BY_EXT[extname(n).toLowerCase()]);
    return name === undefined ? undefined : { path: join(this.dir, name), ext: extname(name).slice(1) };
  }

  /**
   * Verifies and saves a result: file, preview, sidecar, index, in that order. Saving a task's result again
   * finds it already there and changes nothing.
   */
  async save(r: SaveRequest): Promise<LibraryItem> {
    const existing = await this.find(r.taskId, r.endpointId, r.createdAt);
    if (existing) return existing;
    const inspected = await inspectResult(r.bytes);
    const file = `${baseNameFor(r.taskId, r.endpointId, r.createdAt)}.${inspected.ext}`;
    const bytes = await this.withMetadata(r, inspected);
    return timed('write', async () => {
      await writeFileAtomic(join(this.dir, file), bytes);
      return this.file(r, bytes.byteLength, inspected);
    });
  }

  /**
   * The result's bytes with how it was made written into the file itself (docs/metadata.md), so it travels
   * with the file into other tools. A file the writer cannot place it in is saved as it came.
   */
  private async withMetadata(r: SaveRequest, inspected: InspectedResult): Promise<Uint8Array> {
    if (inspected.width === null || inspected.height === null) return r.bytes;
    const endpoint = findEndpoint(r.endpointId);
    const metadata = buildGenerationMetadata({
      appVersion: this.appVersion,
      endpoint: { id: r.endpointId, title: endpoint?.title ?? null, release: endpoint?.release ?? null },
      params: r.params,
      seed: r.seed,
      width: inspected.width,
      height: inspected.height,
      inputs: r.inputs,
    });
    try {
      // A video's packets are copied into a new MP4 with the tags, never re-encoded.
      if (inspected.kind === 'video') return await remuxWithMetadata(r.bytes, metadata);
      return await embedInResult(r.bytes, inspected.ext, { width: inspected.width, height: inspected.height }, metadata);
    } catch (error) {
      this.log.warn('library: the metadata could not be written into the result file; saved without it', { error: error instanceof Error ? error.message : 'unknown' });
      return r.bytes;
    }
  }

  /** Writes what follows a result's file: preview, sidecar, index; then tells the listeners. */
  private async file(r: ResultMeta, bytes: number, inspected: InspectedResult): Promise<LibraryItem> {
    // The id names the preview file: one from anywhere but the engine's own records must not reach a path.
    if (!TASK_ID_PATTERN.test(r.taskId)) throw new Error('bad task id');
    const base = baseNameFor(r.taskId, r.endpointId, r.createdAt);
    const file = `${base}.${inspected.ext}`;
    const endpoint = findEndpoint(r.endpointId);
    const savedAt = this.now();
    const sidecar: Sidecar = {
      version: 1,
      id: r.taskId,
      file,
      mime: inspected.mime,
      bytes,
      width: inspected.width,
      height: inspected.height,
      seconds: inspected.seconds,
      endpoint: { id: r.endpointId, title: endpoint?.title ?? null, release: endpoint?.release ?? null },
      params: r.params,
      seed: r.seed,
      inputs: r.inputs,
      cost: r.cost,
      settledCost: r.settledCost,
      inputMp: r.inputMp,
      outputMp: r.outputMp,
      task: { id: r.taskId, remoteId: r.remoteTaskId },
      connection: { label: r.connectionLabel },
      projectId: r.projectId ?? null,
      group: r.group ?? null,
      timings: { createdAt: r.createdAt, submittedAt: r.submittedAt, readyAt: r.readyAt, savedAt },
    };
    if (inspected.thumbnail) await writeFileAtomic(join(this.dir, THUMBS, `${r.taskId}.webp`), inspected.thumbnail);
    await writeJsonAtomic(join(this.dir, `${base}.json`), sidecar);
    await this.index(sidecar);
    const item = this.get(r.taskId);
    for (const listener of this.listeners) listener(item);
    return item;
  }
}

/** A regular file, not a link (which could lead anywhere) and not a folder. */
async function isPlainFile(path: string): Promise<boolean> {
  const info = await lstat(path).catch(() => undefined);
  return info?.isFile() === true;
}
