import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { workingFormatFor, type AssetInfo, type EditorChoice, type EditorSession } from '../../../shared/ipc/contract';
import type { LayeredFormat } from '../../../shared/layers/layeredDocument';
import type { Words } from '../../../shared/i18n/words';
import type { Logger } from '../deps';
import { pictures } from '../i18n/pictureWords';
import { refusedWith, saidOf } from '../i18n/refusal';
import { SessionStore, type SessionRecord } from './sessionStore';
import { watchWorkingFile, type WatchOptions, type WorkingFileWatch } from './workingFileWatcher';
import { sha256, workingCopyOf } from './workingCopy';

/** The part of the asset store a round trip uses. */
export interface EditorAssets {
  get(id: string): Promise<AssetInfo>;
  bytes(id: string): Promise<Uint8Array>;
  import(name: string, bytes: Uint8Array): Promise<AssetInfo>;
}

export interface EditorServiceDeps {
  /** the folder holding one folder per project */
  readonly projectsDir: string;
  readonly assets: EditorAssets;
  /** The editor chosen in Settings. */
  readonly choice: () => EditorChoice;
  /** Opens the file in the editor (the system's default app when `app` is null); resolves to an error text or ''. */
  readonly open: (file: string, app: string | null) => Promise<string>;
  /** The name of the system's default app for a picture of this type, null when the system does not say. */
  readonly defaultAppFor?: (mime: string) => Promise<string | null>;
  readonly now: () => number;
  readonly log: Logger;
  /** Says something to the artist that belongs to no call (a save that could not be read). */
  readonly notify: (message: Words) => void;
  readonly saved: (session: EditorSession) => void;
  readonly stopped: (projectId: string) => void;
  readonly watch?: WatchOptions;
  /**
   * The project as a layered file (PSD or OpenRaster), for an editor that opens one as layers; a save of it
   * comes back as its composite through `assets.import`, which reads layered files.
   */
  readonly layered?: (projectId: string, format: LayeredFormat) => Promise<{ name: string; bytes: Uint8Array }>;
}

/** What records from before the system's default app was named hold as its name. */
const UNNAMED_DEFAULT = 'your default app';
/** The editor's name as the artist reads it; null for the system's default app when the system did not say. */
const editorNameOf = (record: SessionRecord): string | null =>
  record.editor.path === null && (record.editor.name === '' || record.editor.name === UNNAMED_DEFAULT) ? null : record.editor.name;
const MIME_OF: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * "Edit in…": a working copy of the picture in the project's folder, opened in the artist's editor and watched;
 * every save is stored as an asset and waits in the project's record until the canvas takes it as a version.
 * The record lives in the project, so a restart resumes the watch, and a save made while Gen Studio was closed is
 * found when it starts again (compared with the last bytes read, so it comes back once). Only the working copy in
 * the project's folder is ever written; the artist's own files are only read.
 */
export class EditorService {
  private readonly store: SessionStore;
  private readonly watches = new Map<string, WorkingFileWatch>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: EditorServiceDeps) {
    this.store = new SessionStore(deps.projectsDir, deps.now);
  }

  /** Watches every round trip recorded in a project again, and takes the saves made while the app was closed. */
  async resume(): Promise<void> {
    for (const record of await this.store.all()) {
      await this.watch(record).catch((error: unknown) => this.deps.log.warn('a working copy could not be watched again', { projectId: record.projectId, error: String(error) }));
    }
  }

  async start(projectId: string, assetId: string): Promise<EditorSession> {
    const asset = await this.deps.assets.get(assetId);
    if (asset.kind !== 'image') throw refusedWith('bad-input', pictures.onlyPictureEdits);
    await this.stop(projectId, { quiet: true });
    const choice = this.deps.choice();
    const folder = this.store.folderOf(projectId);
    await mkdir(folder, { recursive: true });
    const copy = (await this.layeredCopy(projectId, choice, folder)) ?? (await workingCopyOf(asset, await this.deps.assets.bytes(assetId), folder));
    await writeFile(join(folder, copy.file), copy.bytes);
    const record: SessionRecord = {
      version: 1,
      projectId,
      // the system's default app by the name the system gives it for the copy's type; '' when it does not say
      editor: choice.kind === 'app' ? { name: choice.name, path: choice.path } : { name: (await this.defaultAppName(copy.file)) ?? '', path: null },
      file: copy.file,
      startedAt: this.deps.now(),
      seenHash: sha256(copy.bytes),
      saves: 0,
      pending: [],
    };
    await this.store.write(record);
    await this.watch(record);
    const problem = await this.deps.open(this.store.fileOf(record), record.editor.path);
    if (problem) {
      await this.stop(projectId, { quiet: true });
      throw refusedWith('unavailable', pictures.notOpened(record.editor.path === null ? null : record.editor.name, problem));
    }
    return this.view(record);
  }

  private async defaultAppName(file: string): Promise<string | null> {
    const mime = MIME_OF[file.split('.').pop()?.toLowerCase() ?? ''];
    return mime && this.deps.defaultAppFor ? this.deps.defaultAppFor(mime).catch(() => null) : null;
  }

  /** The layered working copy the chosen editor prefers; null (the picture's own format) when it has none or it could not be made. */
  private async layeredCopy(projectId: string, choice: EditorChoice, folder: string): Promise<{ file: string; bytes: Uint8Array } | null> {
    const format = choice.kind === 'app' ? workingFormatFor(choice.name) : null;
    if (!format || !this.deps.layered) return null;
    try {
      const layered = await this.deps.layered(projectId, format);
      return await workingCopyOf({ name: `${layered.name}.${format}`, mime: `image/${format}` }, layered.bytes, folder, format);
    } catch (error) {
      this.deps.log.warn('a layered working copy could not be made; the picture goes as it is', { projectId, error: String(error) });
      return null;
    }
  }

  async session(projectId: string): Promise<EditorSession | null> {
    const record = await this.store.read(projectId);
    return record ? this.view(record) : null;
  }

  /** The canvas took a save: it is not offered again. */
  accept(projectId: string, saveId: string): Promise<boolean> {
    return this.serially(projectId, async () => {
      const record = await this.store.read(projectId);
      if (!record || !record.pending.some((p) => p.id === saveId)) return false;
      await this.store.write({ ...record, pending: record.pending.filter((p) => p.id !== saveId) });
      return true;
    });
  }

  /** Ends the round trip: the watch stops, the working copy stays in the project's folder. */
  stop(projectId: string, o: { quiet?: boolean } = {}): Promise<boolean> {
    return this.serially(projectId, async () => {
      const watch = this.watches.get(projectId);
      this.watches.delete(projectId);
      await watch?.close();
      const had = (await this.store.read(projectId)) !== null;
      await this.store.remove(projectId);
      if (had && !o.quiet) this.deps.stopped(projectId);
      return had;
    });
  }

  /** Projects that no longer exist end their round trips (their folder, working copy included, is gone). */
  async forgetOthers(projectIds: ReadonlySet<string>): Promise<void> {
    for (const id of [...this.watches.keys()]) {
      if (projectIds.has(id)) continue;
      await this.watches.get(id)?.close();
      this.watches.delete(id);
      this.deps.stopped(id);
    }
  }

  async dispose(): Promise<void> {
    const watches = [...this.watches.values()];
    this.watches.clear();
    await Promise.all(watches.map((w) => w.close()));
    await Promise.all(this.queues.values());
  }

  private async watch(record: SessionRecord): Promise<void> {
    const { projectId } = record;
    const watch = await watchWorkingFile(this.store.fileOf(record), () => void this.serially(projectId, () => this.takeSave(projectId)), this.deps.watch);
    this.watches.get(projectId)?.close().catch(() => undefined);
    this.watches.set(projectId, watch);
    // A save made before the watch was in place (while the app was closed) is read now.
    await this.serially(projectId, () => this.takeSave(projectId));
  }

  /** Reads the working copy; new bytes become an asset waiting for the canvas. */
  private async takeSave(projectId: string): Promise<void> {
    const record = await this.store.read(projectId);
    if (!record) return;
    const bytes = await readFile(this.store.fileOf(record)).catch(() => null);
    // Gone for a moment (an editor replacing it) or deleted: the next save is heard when it lands.
    if (!bytes) return;
    const hash = sha256(bytes);
    if (hash === record.seenHash) return;
    const savedAt = this.deps.now();
    let asset: AssetInfo;
    try {
      asset = await this.deps.assets.import(record.file, new Uint8Array(bytes));
    } catch (error) {
      await this.store.write({ ...record, seenHash: hash });
      this.deps.notify(pictures.saveUnread(editorNameOf(record), saidOf(error, pictures.notDecoded(record.file))));
      return;
    }
    const saves = record.saves + 1;
    const next: SessionRecord = { ...record, seenHash: hash, saves, pending: [...record.pending, { id: `${saves}-${hash.slice(0, 12)}`, assetId: asset.id, savedAt }] };
    await this.store.write(next);
    this.deps.saved(await this.view(next));
  }

  private async view(record: SessionRecord): Promise<EditorSession> {
    const pending = [];
    for (const p of record.pending) {
      const asset = await this.deps.assets.get(p.assetId).catch(() => null);
      if (asset) pending.push({ id: p.id, asset, savedAt: p.savedAt });
    }
    return { projectId: record.projectId, editorName: editorNameOf(record), fileName: record.file, startedAt: record.startedAt, pending };
  }

  /** One project's reads and writes of its record run one after another. */
  private serially<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(projectId) ?? Promise.resolve();
    const next = before.then(work, work);
    const settled = next.catch((error: unknown) => this.deps.log.warn('an editor round trip step failed', { projectId, error: String(error) }));
    this.queues.set(projectId, settled);
    return next;
  }
}
