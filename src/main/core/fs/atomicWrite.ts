import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Writes a file so that a crash at any moment leaves either the old file or the new one, never half of it:
 * write a temporary file beside it, flush it to disk, then rename over the target.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
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
