import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sniffMediaType } from '../../../shared/media/mediaType';
import { writeFileAtomic } from '../fs/atomicWrite';

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
  async keep(taskId: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFileAtomic(join(this.dir, `${taskId}.${extensionOf(bytes)}`), bytes);
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

function extensionOf(bytes: Uint8Array): string {
  return sniffMediaType(bytes.subarray(0, 64))?.ext ?? 'bin';
}
