import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Temporary files of this module: `.<pid of the writer>-<random>.tmp`, so a later start can tell whose they are. */
export const TEMP_FILE_NAME = /^\.(\d+)-[0-9a-f]{12}\.tmp$/;

/** This process's temporary files still being written or renamed: never stale. */
const inProgress = new Set<string>();

export function isTempFileInProgress(path: string): boolean {
  return inProgress.has(path);
}

/**
 * Writes a file so that a crash at any moment leaves either the old file or the new one, never half of it:
 * write a temporary file beside it, flush it to disk, then rename over the target. A crash leaves the temporary
 * file behind; `removeStaleTempFiles` clears those at the next start.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = claimTempFile(dir);
  try {
    const handle = await open(temp.path, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await placeFile(temp.path, path);
  } finally {
    await temp.release();
  }
}

/**
 * A temporary file's name in `dir`, named as this module names them so a crash's leftover is swept at the next
 * start, and held as this process's own until `release` (which removes the file if it is still there).
 */
export function claimTempFile(dir: string): { readonly path: string; release(): Promise<void> } {
  const path = join(dir, `.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  inProgress.add(path);
  return {
    path,
    release: async () => {
      await rm(path, { force: true }).catch(() => undefined);
      inProgress.delete(path);
    },
  };
}

/** Renames a file already flushed to disk into place, durably; the temporary file goes if the rename fails. */
export async function placeFile(temp: string, path: string): Promise<void> {
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}

/** Makes the rename itself durable on POSIX; Windows cannot open a directory for syncing, and needs not. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on a directory; the rename is still atomic there.
  } finally {
    await handle.close();
  }
}

export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}
