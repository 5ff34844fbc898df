import { lstat, open } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { MEDIA_TYPES, sniffMediaType, SNIFF_BYTES, type MediaType } from '../../../shared/media/mediaType';
import { SidecarSchema } from './sidecar';

/** Where a result's files are in the library folder, and how they are told apart from anything else there. */

export const THUMBS = '.thumbs';
export const SET_ASIDE = '.set-aside';

/** By extension, for a result found without its sidecar; what it is served as is read from its content. */
export const MIME_BY_EXT: Readonly<Record<string, string>> = Object.fromEntries(Object.values(MEDIA_TYPES).map((t) => [`.${t.ext}`, t.mime]));

/** Whether a name in the library folder is a result's file (by its extension). */
export const isResultFileName = (name: string): boolean => MIME_BY_EXT[extname(name).toLowerCase()] !== undefined;

/** A sidecar describes the file beside it of the same name, and no other. */
export const sidecarSchemaFor = (base: string) => SidecarSchema.refine((s) => s.fileName === `${base}${extname(s.fileName)}`);

/**
 * The result files named `base` in the library folder (a task's file left without its sidecar), looked up by name,
 * one kind at a time: never the folder's listing, which at 100,000 results is 200,000 names made on the event loop
 * (about 70 ms held, for every result downloaded).
 */
export async function resultFilesNamed(dir: string, base: string): Promise<string[]> {
  const names = Object.keys(MIME_BY_EXT).map((ext) => `${base}${ext}`);
  const plain = await Promise.all(names.map((name) => isPlainFile(join(dir, name))));
  return names.filter((_, i) => plain[i]);
}

/** A result's preview (an image's, or a video's poster frame): named by its id, beside the others. */
export const previewPath = (dir: string, id: string): string => join(dir, THUMBS, `${id}.webp`);

/** A file name without its extension: a result's file and its sidecar share it. */
export const baseOf = (file: string): string => file.slice(0, file.length - extname(file).length);

/** A file name the user can read in their file manager, fixed by the task so saving twice lands in one place. */
export function baseNameFor(taskId: string, endpointId: string, createdAt: number): string {
  const d = new Date(createdAt);
  const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${ymd}_${endpointId.replace(/[^A-Za-z0-9.-]/g, '-')}_${taskId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`;
}

/** A regular file, not a link (which could lead anywhere) and not a folder. */
export async function isPlainFile(path: string): Promise<boolean> {
  const info = await lstat(path).catch(() => undefined);
  return info?.isFile() === true;
}

/**
 * What a result's file really is, from its first bytes: only a plain file in the library folder (not a link out of
 * it) of a kind the library keeps is served, whatever its sidecar says.
 */
export async function mediaTypeOf(file: string): Promise<MediaType | undefined> {
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
