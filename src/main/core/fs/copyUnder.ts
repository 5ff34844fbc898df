import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, stat } from 'node:fs/promises';
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
 * A file already there with the very bytes of `source` is this copy, made before a crash kept its name from
 * being recorded: it is answered as is, so copying again after a restart writes no "(2)" (a result's bytes
 * carry its own metadata, so no other file has them).
 */
export async function copyUnderFreeName(source: string, dir: string, name: string): Promise<string> {
  for (let n = 1; n <= MOST_TRIES; n++) {
    const candidate = numberedName(name, n);
    try {
      await copyFile(source, join(dir, candidate), constants.COPYFILE_EXCL);
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await sameBytes(source, join(dir, candidate))) return candidate;
    }
  }
  throw new Error(`${MOST_TRIES} files named like ${name} are already in ${dir}`);
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [sa, sb] = await Promise.all([stat(a), stat(b).catch(() => null)]);
  if (!sb?.isFile() || sa.size !== sb.size) return false;
  const [ha, hb] = await Promise.all([sha256Of(a), sha256Of(b)]);
  return ha === hb;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
