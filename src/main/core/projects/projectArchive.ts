import { createHash } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { z } from 'zod';
import { english } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import { projectFileRefusal } from '../i18n/fileRefusals';

/**
 * The `.genstudio` project file: a zip of the project folder (project.json and its blobs) with the pictures the
 * document uses, so it opens on another machine, and a table of contents that names every file with its
 * SHA-256, so a damaged or cut-short file is recognised before anything is written.
 *
 *   genstudio.json            the table of contents (format, version, files and their checksums)
 *   project.json              the project as the project store keeps it
 *   blobs/<name>              the files the document names (the painted mask)
 *   assets/<sha256>.<ext>     the base image and references, under the asset store's content hash
 */

export const PROJECT_FILE_EXTENSION = 'genstudio';
const ARCHIVE_FORMAT = 'gen-studio-project';
const ARCHIVE_VERSION = 1;
const MANIFEST = 'genstudio.json';
const PROJECT = 'project.json';
/** Far above any real project (the asset store refuses pictures over 256 MB); a file claiming more is refused unread. */
export const MAX_ARCHIVE_BYTES = 2 * 1024 * 1024 * 1024;

const EntryName = z.string().regex(/^(project\.json|blobs\/[a-z0-9][a-z0-9._-]{0,127}|assets\/[a-f0-9]{64}\.[a-z0-9]{1,8})$/);

const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().positive(),
  createdBy: z.string(),
  savedAt: z.number(),
  files: z.record(EntryName, z.object({ sha256: z.string().regex(/^[a-f0-9]{64}$/), bytes: z.number().int().nonnegative() })),
});

/** A project file that cannot be opened, with a message that says what is wrong in the user's terms. */
/** Why a file is not a project that can be opened, said with the file's name, which only the caller knows. */
export class ProjectFileError extends Error {
  override readonly name = 'ProjectFileError';
  constructor(readonly notOpened: (file: string) => Words) {
    super(english(notOpened('the file')));
  }
}

export interface ArchiveContents {
  /** project.json, parsed as JSON but not yet checked against the project schema. */
  readonly project: unknown;
  readonly blobs: Readonly<Record<string, Uint8Array>>;
  /** by asset id (the SHA-256 of the bytes) */
  readonly assets: Readonly<Record<string, { readonly bytes: Uint8Array; readonly ext: string }>>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function packProject(contents: ArchiveContents & { readonly appVersion: string; readonly savedAt: number }): Uint8Array {
  const entries: Record<string, Uint8Array> = { [PROJECT]: strToU8(JSON.stringify(contents.project, null, 2)) };
  for (const [name, bytes] of Object.entries(contents.blobs)) entries[`blobs/${name}`] = bytes;
  for (const [id, asset] of Object.entries(contents.assets)) entries[`assets/${id}.${asset.ext}`] = asset.bytes;
  const files = Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, { sha256: sha256(bytes), bytes: bytes.byteLength }]));
  const manifest: z.infer<typeof ManifestSchema> = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdBy: `Gen Studio ${contents.appVersion}`,
    savedAt: contents.savedAt,
    files,
  };
  const zippable: Zippable = { [MANIFEST]: strToU8(JSON.stringify(manifest, null, 2)) };
  // Pictures are compressed already: stored as they are, they pack fast and unpack without inflating.
  for (const [name, bytes] of Object.entries(entries)) zippable[name] = [bytes, { level: name.endsWith('.json') ? 6 : 0 }];
  // Zip dates start in 1980; a clock (or a test) before that would make the archive unwritable.
  return zipSync(zippable, { mtime: new Date(Math.max(contents.savedAt, Date.UTC(1980, 1, 1))) });
}

export function unpackProject(bytes: Uint8Array): ArchiveContents {
  if (bytes.byteLength === 0) throw new ProjectFileError(projectFileRefusal.empty);
  if (bytes.byteLength > MAX_ARCHIVE_BYTES) throw new ProjectFileError(projectFileRefusal.archiveTooLarge);
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) {
    throw new ProjectFileError(projectFileRefusal.notZip);
  }
  let entries: Record<string, Uint8Array>;
  try {
    let claimed = 0;
    entries = unzipSync(bytes, {
      filter: (file) => {
        claimed += file.originalSize;
        if (claimed > MAX_ARCHIVE_BYTES) throw new ProjectFileError(projectFileRefusal.unpacksTooLarge);
        return file.name === MANIFEST || EntryName.safeParse(file.name).success;
      },
    });
  } catch (error) {
    if (error instanceof ProjectFileError) throw error;
    throw new ProjectFileError(projectFileRefusal.cutShort);
  }

  const manifestBytes = entries[MANIFEST];
  if (!manifestBytes) throw new ProjectFileError(projectFileRefusal.noManifest);
  const rawManifest = parseJson(manifestBytes);
  const format = (rawManifest as { format?: unknown } | undefined)?.format;
  const version = (rawManifest as { version?: unknown } | undefined)?.version;
  if (format !== ARCHIVE_FORMAT) throw new ProjectFileError(projectFileRefusal.notOurs);
  if (typeof version === 'number' && version > ARCHIVE_VERSION) {
    throw new ProjectFileError((file) => projectFileRefusal.newerFormat(file, version));
  }
  const manifest = ManifestSchema.safeParse(rawManifest);
  if (!manifest.success) throw new ProjectFileError(projectFileRefusal.noContents);

  for (const [name, expected] of Object.entries(manifest.data.files)) {
    const entry = entries[name];
    if (!entry) throw new ProjectFileError((file) => projectFileRefusal.entryMissing(file, name));
    if (entry.byteLength !== expected.bytes || sha256(entry) !== expected.sha256) {
      throw new ProjectFileError((file) => projectFileRefusal.entryChecksum(file, name));
    }
  }
  const listed = (name: string) => name in manifest.data.files;
  const projectBytes = entries[PROJECT];
  if (!projectBytes || !listed(PROJECT)) throw new ProjectFileError(projectFileRefusal.noProject);
  const project = parseJson(projectBytes);
  if (project === undefined) throw new ProjectFileError(projectFileRefusal.projectUnreadable);

  const blobs: Record<string, Uint8Array> = {};
  const assets: Record<string, { bytes: Uint8Array; ext: string }> = {};
  for (const [name, entry] of Object.entries(entries)) {
    if (!listed(name)) continue; // not in the table of contents: not part of the project
    if (name.startsWith('blobs/')) blobs[name.slice('blobs/'.length)] = entry;
    if (name.startsWith('assets/')) {
      const [id = '', ext = ''] = name.slice('assets/'.length).split('.');
      if (sha256(entry) !== id) throw new ProjectFileError((file) => projectFileRefusal.pictureChecksum(file, name));
      assets[id] = { bytes: entry, ext };
    }
  }
  return { project, blobs, assets };
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(strFromU8(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
