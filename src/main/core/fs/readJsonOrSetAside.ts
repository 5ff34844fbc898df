import { mkdir, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

/** A moment as it appears in the names of files set aside: sortable, and legal on every file system. */
export const asideStamp = (now: number): string => new Date(now).toISOString().replace(/[:.]/g, '-');

export type JsonFileRead<T> =
  | { readonly status: 'ok'; readonly value: T }
  | { readonly status: 'missing' }
  | { readonly status: 'set-aside'; readonly aside: string };

export interface SetAsideOptions<T> {
  /** What a readable file holds; anything else (not JSON, another shape, a folder, unreadable) is set aside. */
  readonly schema: z.ZodType<T>;
  /** Where it goes, byte for byte; its folder is made when needed. */
  readonly aside: string;
  /** What to move there when more than the file belongs to it (a project's whole folder); the file by default. */
  readonly move?: string;
}

/**
 * Reads a JSON file the app wrote, treating it as input: a file that is missing is `missing`; one that cannot be
 * read or does not match `schema` is moved aside unchanged (never deleted, never overwritten by defaults) and
 * reported as `set-aside`, so the caller can say so in a notice and carry on with everything else.
 */
export async function readJsonOrSetAside<T>(file: string, options: SetAsideOptions<T>): Promise<JsonFileRead<T>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
    // A folder in its place, no permission, an I/O error: unreadable like a damaged file.
    text = '';
  }
  const parsed = options.schema.safeParse(parseJson(text));
  if (parsed.success) return { status: 'ok', value: parsed.data };
  await mkdir(dirname(options.aside), { recursive: true });
  await rename(options.move ?? file, options.aside);
  return { status: 'set-aside', aside: options.aside };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
