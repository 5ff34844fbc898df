import { mkdir, rename, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Logger } from '../deps';
import type { NoticeBoard } from '../notices/noticeBoard';
import { asideStamp } from './readJsonOrSetAside';
import { noticeWords, type FolderHolds } from '../notices/noticeWords';

/**
 * Makes one of the data folder's own folders (`tasks`, `library`, `projects`…), first moving out of the way,
 * unchanged, anything else that holds its name: a plain file there (copied in by hand, left by a sync tool) would
 * otherwise stop the app from starting. Nothing is deleted; the notice says, in the artist's words, what moved where.
 */
export async function ensureDataSubfolder(
  dir: string,
  o: {
    /** what the folder holds, for the artist's notice: the queue, the results */
    readonly holds: FolderHolds;
    readonly now: () => number;
    readonly notices: Pick<NoticeBoard, 'add'>;
    readonly log?: Logger;
  },
): Promise<void> {
  const found = await stat(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  if (found && !found.isDirectory()) {
    const aside = `${dir}.not-a-folder-${asideStamp(o.now())}`;
    await rename(dir, aside);
    o.log?.warn('a data subfolder was a file; moved aside', { dir, aside });
    o.notices.add('warning', noticeWords.dataSubfolder(basename(dir), o.holds, aside));
  }
  await mkdir(dir, { recursive: true });
}
