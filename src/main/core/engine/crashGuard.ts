import { copyFile, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sniffMediaType, SNIFF_BYTES } from '../../../shared/media/mediaType';
import { claimTempFile, placeFile } from '../fs/atomicWrite';

/**
 * The crash-loop guard of the download step (issue 23). A result that takes the app down while it is read would
 * otherwise be fetched and read again at every start, taking it down every time. So the step counts, on the
 * task's record and before anything is fetched, each run that began it; a finished step clears the count. A
 * count left at the next start means a run died mid-step; at `CRASHES_BEFORE_SET_ASIDE` in a row the task is
 * set aside with a notice and never tried again by itself (Retry still can).
 */
export const CRASHES_BEFORE_SET_ASIDE = 2;

/** The folder, inside the library's, where results that could not be read are kept for the user to look at. */
export const UNREAD_FOLDER = 'Unreadable results';

export class UnreadResults {
  readonly dir: string;

  constructor(libraryDir: string) {
    this.dir = join(libraryDir, UNREAD_FOLDER);
  }

  /** Keeps a downloaded result before it is read (after a crash mid-step): a second crash leaves it here. */
  async keep(taskId: string, file: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temp = claimTempFile(this.dir);
    try {
      await copyFile(file, temp.path);
      await placeFile(temp.path, join(this.dir, `${taskId}.${await extensionOf(file)}`));
    } finally {
      await temp.release();
    }
  }

  /** The kept file of a task, if one was kept. */
  async find(taskId: string): Promise<string | undefined> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const name = names.find((n) => n.startsWith(`${taskId}.`) && !n.endsWith('.tmp'));
    return name === undefined ? undefined : join(this.dir, name);
  }

  /** The kept copy goes once the result is filed after all. */
  async discard(taskId: string): Promise<void> {
    const path = await this.find(taskId);
    if (path) await rm(path, { force: true });
  }

  /** Moves a file out of the library into this folder, so that no start reads it again. */
  async adopt(taskId: string, path: string, ext: string): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const to = join(this.dir, `${taskId}.${ext}`);
    await rename(path, to);
    return to;
  }
}

async function extensionOf(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return sniffMediaType(buffer.subarray(0, bytesRead))?.ext ?? 'bin';
  } finally {
    await handle.close();
  }
}
