import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../deps';
import { isTempFileInProgress, TEMP_FILE_NAME } from './atomicWrite';

/** Temporary files named before the writer's process id was part of the name: stale once this old. */
const LEGACY_TEMP_FILE_NAME = /^\.[0-9a-f]{12}\.tmp$/;
const LEGACY_STALE_AFTER_MS = 10 * 60_000;

/** Whether a process is running: signal 0 checks without sending anything (EPERM: it runs, as another user). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface StaleTempOptions {
  readonly log: Logger;
  readonly now: () => number;
  /** `processIsAlive` by default; tests name their own living and dead processes. */
  readonly isAlive?: (pid: number) => boolean;
}

/**
 * Removes what atomic writes cut short by a crash left behind (up to 256 MB each, for an asset), everywhere under
 * `root`. Only stale ones: a temporary file is being written when this process is writing it, or when the
 * process named in it (another Gen Studio on the same folder) is still running. Links are not followed.
 */
export async function removeStaleTempFiles(root: string, o: StaleTempOptions): Promise<number> {
  const isAlive = o.isAlive ?? processIsAlive;
  const isStale = async (path: string, name: string): Promise<boolean> => {
    const current = TEMP_FILE_NAME.exec(name);
    if (current) {
      const pid = Number(current[1]);
      return pid === process.pid ? !isTempFileInProgress(path) : !isAlive(pid);
    }
    if (!LEGACY_TEMP_FILE_NAME.test(name)) return false;
    const info = await lstat(path).catch(() => undefined);
    return info !== undefined && o.now() - info.mtimeMs > LEGACY_STALE_AFTER_MS;
  };

  let removed = 0;
  const visit = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory()) await visit(join(dir, entry.name));
      // Named like a temporary file before anything else: a library of 100,000 results holds 300,000 other files,
      // and a path and an await each were most of the core's start there.
      else if (entry.isFile() && entry.name.startsWith('.') && entry.name.endsWith('.tmp') && (await isStale(join(dir, entry.name), entry.name))) {
        await rm(join(dir, entry.name), { force: true });
        removed += 1;
      }
    }
  };
  await visit(root);
  if (removed > 0) o.log.info('removed temporary files left by an interrupted write', { count: removed });
  return removed;
}
