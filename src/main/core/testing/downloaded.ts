import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A result's bytes as the download step leaves them for the library to file: a file of their own in `dir`. */
export async function downloaded(dir: string, bytes: Uint8Array): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `downloaded-${randomUUID()}`);
  await writeFile(file, bytes);
  return file;
}
