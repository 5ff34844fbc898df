import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { documentAssetIds } from '../../../shared/canvas/document';
import type { OpenedProjectFile } from '../../../shared/ipc/contract';
import type { Words } from '../../../shared/i18n/words';
import { IpcFailure } from '../../../shared/ipc/result';
import { told } from '../../../shared/i18n/say';
import { projectFileNote, projectFileRefusal, projectRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';
import type { AssetStore } from '../assets/assetStore';
import { writeFileAtomic } from '../fs/atomicWrite';
import { MAX_ARCHIVE_BYTES, packProject, PROJECT_FILE_EXTENSION, ProjectFileError, unpackProject } from './projectArchive';
import { ProjectFileSchema, type ProjectStore } from './projectStore';

const EXT_OF_MIME: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
  'image/avif': 'avif',
  'image/heif': 'heif',
  'video/mp4': 'mp4',
};

/**
 * Saving a project to a `.genstudio` file and opening one. The file is checked whole before anything is
 * written, so a damaged file adds nothing and changes nothing; the message says what is wrong with it.
 */
export class ProjectFiles {
  constructor(
    private readonly deps: {
      readonly projects: ProjectStore;
      readonly assets: AssetStore;
      readonly version: string;
      readonly now: () => number;
    },
  ) {}

  async save(id: string, path: string): Promise<{ path: string }> {
    const { file, blobs } = await this.deps.projects.snapshot(id);
    const assets: Record<string, { bytes: Uint8Array; ext: string }> = {};
    for (const assetId of new Set(documentAssetIds(file.document))) {
      const info = await this.deps.assets.get(assetId).catch(() => {
        throw refusedWith('not-found', projectRefusal.pictureGone(file.name));
      });
      assets[assetId] = { bytes: await this.deps.assets.bytes(assetId), ext: EXT_OF_MIME[info.mime] ?? 'bin' };
    }
    const bytes = packProject({ project: file, blobs, assets, appVersion: this.deps.version, savedAt: this.deps.now() });
    await writeFileAtomic(path, bytes).catch((error: unknown) => {
      throw refusedWith('unavailable', projectFileRefusal.notWritten(basename(path), error instanceof Error ? error.message : String(error)));
    });
    return { path };
  }

  async open(path: string): Promise<OpenedProjectFile> {
    const name = basename(path);
    if (!name.toLowerCase().endsWith(`.${PROJECT_FILE_EXTENSION}`)) {
      throw refusedWith('bad-input', projectFileRefusal.notProjectFile(name, PROJECT_FILE_EXTENSION));
    }
    let bytes: Uint8Array;
    try {
      const info = await stat(path);
      if (!info.isFile()) throw refusedWith('bad-input', projectFileRefusal.isFolder(name));
      if (info.size > MAX_ARCHIVE_BYTES) throw refusedWith('bad-input', projectFileRefusal.tooLarge(name));
      bytes = await readFile(path);
    } catch (error) {
      if (error instanceof IpcFailure) throw error;
      const code = (error as { code?: string }).code;
      throw code === 'ENOENT' ? refusedWith('not-found', projectFileRefusal.notFound(name)) : refusedWith('unavailable', projectFileRefusal.notRead(name));
    }
    return this.openBytes(name, bytes);
  }

  /** Files of projects already in the list, kept until the artist says whether to open them as a copy. */
  private readonly pending = new Map<string, { name: string; bytes: Uint8Array }>();

  /** A file `openBytes` answered with `alreadyOpen`, added as a separate project named "… (copy)". */
  async openCopy(token: string): Promise<OpenedProjectFile> {
    const file = this.pending.get(token);
    if (!file) throw refusedWith('not-found', projectFileRefusal.notWaiting);
    this.pending.delete(token);
    return this.openBytes(file.name, file.bytes, { asCopy: true });
  }

  async openBytes(name: string, bytes: Uint8Array, options: { asCopy?: boolean } = {}): Promise<OpenedProjectFile> {
    const fail = (notOpened: (file: string) => Words) => refusedWith('bad-input', notOpened(name));
    let contents: ReturnType<typeof unpackProject>;
    try {
      contents = unpackProject(bytes);
    } catch (error) {
      if (error instanceof ProjectFileError) throw fail(error.notOpened);
      throw error;
    }
    const parsed = ProjectFileSchema.safeParse(contents.project);
    if (!parsed.success) {
      const version = (contents.project as { version?: unknown } | null)?.version;
      throw fail(typeof version === 'number' && version > 1 ? projectFileRefusal.newerProject : projectFileRefusal.damagedProject);
    }
    const file = parsed.data;
    const missing = documentAssetIds(file.document).filter((id) => !(id in contents.assets));
    if (missing.length > 0) throw fail(projectFileRefusal.pictureMissing);

    // The project is in the list already: nothing is added until the artist chooses to switch to it or to open
    // a copy (a third identical "Harbour series" helped no one).
    if (!options.asCopy && this.deps.projects.has(file.id)) {
      const current = (await this.deps.projects.list()).projects.find((p) => p.id === file.id);
      if (current) {
        const token = randomUUID();
        // One question at a time is asked; an older unanswered one is let go.
        this.pending.clear();
        this.pending.set(token, { name, bytes });
        return { project: current, notice: null, alreadyOpen: token };
      }
    }

    // Every check has passed: only now is anything stored. Pictures first, then the project that names them.
    for (const id of new Set(documentAssetIds(file.document))) {
      const d = file.document;
      const ref = [d.base, ...d.references, ...d.timeline.keyframes.map((k) => k.image), d.timeline.source].find((r) => r?.assetId === id);
      const stored = await this.deps.assets.import(ref?.name ?? `${id}.${contents.assets[id]?.ext ?? 'png'}`, contents.assets[id]?.bytes ?? new Uint8Array());
      if (stored.id !== id) throw fail(projectFileRefusal.pictureNotNamed);
    }
    const { summary, newId } = await this.deps.projects.adopt(file, { ...contents.blobs });
    if (!newId) return { project: summary, notice: null };
    const { message, words } = told(projectFileNote.openedAsCopy(file.name, summary.name));
    return { project: summary, notice: message, noticeWords: words };
  }
}
