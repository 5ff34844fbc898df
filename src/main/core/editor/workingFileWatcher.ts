import { basename, dirname } from 'node:path';
import { watch } from 'chokidar';

export interface WorkingFileWatch {
  close(): Promise<void>;
}

export interface WatchOptions {
  /**
   * How long the file's size must hold still before a save counts as finished: an editor writing a large file
   * writes it in pieces, and a half-written file must not be read.
   */
  readonly stableMs?: number;
}

/**
 * Watches one working file and calls `saved` after each save has finished. The folder is watched rather than
 * the file, so an editor that saves by writing a temporary file and renaming it over the working copy (Photoshop,
 * Krita) is heard as a save, like one that writes in place (GIMP's export). Resolves once the watch is in place:
 * a save after that is never missed.
 */
export async function watchWorkingFile(file: string, saved: () => void, options: WatchOptions = {}): Promise<WorkingFileWatch> {
  const name = basename(file);
  const stabilityThreshold = options.stableMs ?? 400;
  const watcher = watch(dirname(file), {
    ignoreInitial: true,
    depth: 0,
    // Only the working file: the editor's temporary and backup files beside it are not saves.
    ignored: (path, stats) => stats?.isFile() === true && basename(path) !== name,
    awaitWriteFinish: { stabilityThreshold, pollInterval: Math.max(20, Math.round(stabilityThreshold / 4)) },
    atomic: true,
  });
  watcher.on('all', (event, path) => {
    if ((event === 'add' || event === 'change') && basename(path) === name) saved();
  });
  await new Promise<void>((ready, failed) => {
    watcher.once('ready', ready);
    watcher.once('error', failed);
  });
  return { close: () => watcher.close() };
}
