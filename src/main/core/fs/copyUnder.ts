import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** How many names after the first are tried before giving up: a folder with a thousand of one name is not a folder to guess in. */
const MOST_TRIES = 1000;

/** `IMG_0042-deblur.png`, then `IMG_0042-deblur (2).png`, `(3)`…: the way file managers name a second copy. */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const ext = extname(name);
  return `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
}

/**
 * Copies `source` into `dir` as `name`, or as the next free numbered name when a file of that name is already
 * there: never over a file. Each try is an exclusive create (COPYFILE_EXCL), so two batches writing into one
 * folder at once cannot both take a name; the one that loses moves on to the next number. Answers the name used.
 */
export async function copyUnderFreeName(source: string, dir: string, name: string): Promise<string> {
  for (let n = 1; n <= MOST_TRIES; n++) {
    const candidate = numberedName(name, n);
    try {
      await copyFile(source, join(dir, candidate), constants.COPYFILE_EXCL);
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`${MOST_TRIES} files named like ${name} are already in ${dir}`);
}
