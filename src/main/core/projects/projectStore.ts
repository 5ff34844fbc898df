import { randomUUID } from 'node:crypto';
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { StoredDocumentSchema, documentBlobNames, type CanvasDocument } from '../../../shared/canvas/document';
import { ProjectIdSchema, type ProjectSummary } from '../../../shared/ipc/contract';
import { projectRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';
import type { Logger } from '../deps';
import { writeFileAtomic, writeJsonAtomic } from '../fs/atomicWrite';
import { ensureDataSubfolder } from '../fs/dataSubfolder';
import { noticeWords } from '../notices/noticeWords';
import { readJsonOrSetAside } from '../fs/readJsonOrSetAside';
import type { NoticeBoard } from '../notices/noticeBoard';

const PROJECT_FILE = 'project.json';
const BLOBS = 'blobs';
const STATE_FILE = '.state.json';
const SET_ASIDE = '.set-aside';

export const ProjectFileSchema = z.object({
  version: z.literal(1),
  id: ProjectIdSchema,
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  document: StoredDocumentSchema,
});
export type ProjectFile = z.infer<typeof ProjectFileSchema>;

const StateSchema = z.object({ lastOpenedId: z.string().nullable() });

export interface ProjectStoreDeps {
  readonly dataDir: string;
  readonly notices: NoticeBoard;
  readonly log: Logger;
  readonly now: () => number;
  /** The preview address of an asset, for the project list; null when the asset is gone. */
  readonly thumbnailOf: (assetId: string) => Promise<string | null>;
}

/**
 * Canvas projects: one folder each, holding the document as JSON and its blob files (the mask PNG) beside it.
 * Every write is atomic and blobs are written before the document that names them, so a crash at any moment
 * leaves the last whole save. Saves of one project run one after another, in the order they were asked for.
 */
/** "Harbour series" → "Harbour series (copy)", within the name's length limit. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return name.endsWith(suffix) ? name : `${name.slice(0, 200 - suffix.length)}${suffix}`;
}

export class ProjectStore {
  private readonly projects = new Map<string, ProjectFile>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private lastOpenedId: string | null = null;
  private readonly listeners = new Set<(projects: ProjectSummary[]) => void>();

  private constructor(
    readonly dir: string,
    private readonly deps: ProjectStoreDeps,
  ) {}

  static async open(deps: ProjectStoreDeps): Promise<ProjectStore> {
    const store = new ProjectStore(join(deps.dataDir, 'projects'), deps);
    await store.load();
    return store;
  }

  onChanged(listener: (projects: ProjectSummary[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async list(): Promise<{ projects: ProjectSummary[]; lastOpenedId: string | null }> {
    const lastOpenedId = this.lastOpenedId !== null && this.projects.has(this.lastOpenedId) ? this.lastOpenedId : null;
    return { projects: await this.summaries(), lastOpenedId };
  }

  async create(name: string, document: CanvasDocument): Promise<ProjectSummary> {
    const now = this.deps.now();
    const file: ProjectFile = { version: 1, id: randomUUID(), name, createdAt: now, updatedAt: now, document };
    if (documentBlobNames(document).length > 0) throw refusedWith('bad-input', projectRefusal.blobsOfNew);
    await writeJsonAtomic(join(this.dir, file.id, PROJECT_FILE), file);
    this.projects.set(file.id, file);
    await this.announce();
    return this.summary(file);
  }

  async open(id: string): Promise<{ project: ProjectSummary; document: CanvasDocument; blobs: Record<string, Uint8Array> }> {
    const file = this.require(id);
    const blobs: Record<string, Uint8Array> = {};
    for (const name of documentBlobNames(file.document)) {
      try {
        blobs[name] = new Uint8Array(await readFile(join(this.dir, id, BLOBS, name)));
      } catch (error) {
        // The document stays usable without the painted mask; the user is told it could not be read.
        this.deps.log.warn('a project blob is missing', { id, name, error: String(error) });
        this.deps.notices.add('warning', noticeWords.maskUnreadable(file.name));
      }
    }
    const document = Object.keys(blobs).length === documentBlobNames(file.document).length ? file.document : withoutMissingBlobs(file.document, blobs);
    this.lastOpenedId = id;
    await writeJsonAtomic(join(this.dir, STATE_FILE), { lastOpenedId: id });
    return { project: await this.summary(file), document, blobs };
  }

  save(id: string, document: CanvasDocument, blobs: Record<string, Uint8Array>): Promise<ProjectSummary> {
    return this.serially(id, async () => {
      const file = this.require(id);
      const projectDir = join(this.dir, id);
      const named = documentBlobNames(document);
      const onDisk = new Set(await listFiles(join(projectDir, BLOBS)));
      const missing = named.filter((name) => !(name in blobs) && !onDisk.has(name));
      if (missing.length > 0) throw refusedWith('bad-input', projectRefusal.filesNotSent(missing));
      for (const [name, bytes] of Object.entries(blobs)) {
        if (named.includes(name)) await writeFileAtomic(join(projectDir, BLOBS, name), bytes);
      }
      const next: ProjectFile = { ...file, document, updatedAt: Math.max(this.deps.now(), file.updatedAt) };
      await writeJsonAtomic(join(projectDir, PROJECT_FILE), next);
      this.projects.set(id, next);
      // Only once the document that no longer names them is on disk may old blobs go.
      const keep = new Set(named);
      for (const name of await listFiles(join(projectDir, BLOBS))) {
        if (!keep.has(name)) await rm(join(projectDir, BLOBS, name), { force: true });
      }
      return this.summary(next);
    });
  }

  rename(id: string, name: string): Promise<ProjectSummary> {
    return this.serially(id, async () => {
      const next: ProjectFile = { ...this.require(id), name, updatedAt: this.deps.now() };
      await writeJsonAtomic(join(this.dir, id, PROJECT_FILE), next);
      this.projects.set(id, next);
      await this.announce();
      return this.summary(next);
    });
  }

  duplicate(id: string, name: string): Promise<ProjectSummary> {
    return this.serially(id, async () => {
      const source = this.require(id);
      const now = this.deps.now();
      const copy: ProjectFile = { ...source, id: randomUUID(), name, createdAt: now, updatedAt: now };
      const sourceBlobs = join(this.dir, id, BLOBS);
      if ((await listFiles(sourceBlobs)).length > 0) await cp(sourceBlobs, join(this.dir, copy.id, BLOBS), { recursive: true });
      await writeJsonAtomic(join(this.dir, copy.id, PROJECT_FILE), copy);
      this.projects.set(copy.id, copy);
      await this.announce();
      return this.summary(copy);
    });
  }

  remove(id: string): Promise<{ removed: boolean }> {
    return this.serially(id, async () => {
      if (!this.projects.has(id)) return { removed: false };
      this.projects.delete(id);
      await rm(join(this.dir, id), { recursive: true, force: true });
      if (this.lastOpenedId === id) {
        this.lastOpenedId = null;
        await writeJsonAtomic(join(this.dir, STATE_FILE), { lastOpenedId: null });
      }
      await this.announce();
      return { removed: true };
    });
  }

  /** The project as saved, with the blob files it names: what a `.genstudio` file holds of it. Waits for pending saves. */
  snapshot(id: string): Promise<{ file: ProjectFile; blobs: Record<string, Uint8Array> }> {
    return this.serially(id, async () => {
      const file = this.require(id);
      const blobs: Record<string, Uint8Array> = {};
      for (const name of documentBlobNames(file.document)) {
        try {
          blobs[name] = new Uint8Array(await readFile(join(this.dir, id, BLOBS, name)));
        } catch {
          throw refusedWith('unavailable', projectRefusal.maskUnreadable(file.name));
        }
      }
      return { file, blobs };
    });
  }

  /**
   * Adds a project that came from elsewhere (a `.genstudio` file). A project here with the same id is never
   * overwritten: the newcomer gets an id of its own. Blobs go to disk before the document that names them.
   */
  /** Whether a project with this id is in the list (a file of it opened again would repeat it). */
  has(id: string): boolean {
    return this.projects.has(id);
  }

  async adopt(file: ProjectFile, blobs: Record<string, Uint8Array>): Promise<{ summary: ProjectSummary; newId: boolean }> {
    const missing = documentBlobNames(file.document).filter((name) => !(name in blobs));
    if (missing.length > 0) throw refusedWith('bad-input', projectRefusal.filesNotHeld(missing));
    const conflict = this.projects.has(file.id) || !/^[a-z0-9-]{8,64}$/.test(file.id);
    // A second copy of a project in the list is named so, not listed as a twin of the first.
    const adopted: ProjectFile = { ...file, id: conflict ? randomUUID() : file.id, name: this.projects.has(file.id) ? copyName(file.name) : file.name };
    const projectDir = join(this.dir, adopted.id);
    for (const name of documentBlobNames(adopted.document)) await writeFileAtomic(join(projectDir, BLOBS, name), blobs[name] as Uint8Array);
    await writeJsonAtomic(join(projectDir, PROJECT_FILE), adopted);
    this.projects.set(adopted.id, adopted);
    await this.announce();
    return { summary: await this.summary(adopted), newId: conflict };
  }

  private async load(): Promise<void> {
    await ensureDataSubfolder(this.dir, { holds: 'projects', now: this.deps.now, notices: this.deps.notices, log: this.deps.log });
    const entries = await readdir(this.dir, { withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      // The id names the folder, goes into every address of the project and must match the contract's pattern:
      // a project whose file says otherwise was edited or copied by hand, and is set aside rather than listed.
      const read = await readJsonOrSetAside(join(this.dir, entry.name, PROJECT_FILE), {
        schema: ProjectFileSchema.refine((file) => file.id === entry.name),
        aside: join(this.dir, SET_ASIDE, `${entry.name}-${this.deps.now()}`),
        move: join(this.dir, entry.name),
      });
      // A folder without a project file is what a crash during `create` leaves: nothing was saved in it.
      if (read.status === 'missing') continue;
      if (read.status === 'ok') {
        this.projects.set(read.value.id, read.value);
        continue;
      }
      this.deps.log.warn('a project file could not be read and was set aside', { path: read.aside });
      this.deps.notices.add('warning', noticeWords.projectSetAside(read.aside));
    }
    try {
      const state = StateSchema.safeParse(JSON.parse(await readFile(join(this.dir, STATE_FILE), 'utf8')));
      if (state.success) this.lastOpenedId = state.data.lastOpenedId;
    } catch {
      // No state yet, or a damaged one: it only says which project to reopen, so starting without it is fine.
    }
  }

  private require(id: string): ProjectFile {
    const file = this.projects.get(id);
    if (!file) throw refusedWith('not-found', projectRefusal.notFound);
    return file;
  }

  private serially<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return next;
  }

  private async summary(file: ProjectFile): Promise<ProjectSummary> {
    const base = file.document.base;
    return {
      id: file.id,
      name: file.name,
      createdAt: file.createdAt,
      updatedAt: file.updatedAt,
      thumbnailUrl: base ? await this.deps.thumbnailOf(base.assetId) : null,
    };
  }

  private async summaries(): Promise<ProjectSummary[]> {
    const files = [...this.projects.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    return Promise.all(files.map((file) => this.summary(file)));
  }

  private async announce(): Promise<void> {
    const projects = await this.summaries();
    for (const listener of this.listeners) listener(projects);
  }
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

function withoutMissingBlobs(document: CanvasDocument, blobs: Record<string, Uint8Array>): CanvasDocument {
  const mask = document.mask.blob !== null && !(document.mask.blob in blobs) ? { ...document.mask, blob: null } : document.mask;
  return { ...document, mask };
}
