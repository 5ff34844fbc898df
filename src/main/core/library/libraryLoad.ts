import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Logger } from '../deps';
import { asideStamp, readJsonOrSetAside } from '../fs/readJsonOrSetAside';
import type { NoticeBoard } from '../notices/noticeBoard';
import { noticeWords } from '../notices/noticeWords';
import { entryOf, entryWithoutDetails, type Entry } from './resultEntry';
import type { IndexLog } from './indexLog';
import { baseOf, isResultFileName, MIME_BY_EXT, SET_ASIDE, sidecarSchemaFor } from './resultFiles';

interface LoadContext {
  readonly dir: string;
  readonly indexLog: IndexLog;
  readonly notices: NoticeBoard;
  readonly log: Logger;
  readonly now: () => number;
}

/**
 * Opens the library's results: the index's, less those whose sidecar was removed outside the app, and the sidecars
 * it does not list adopted (a lost index, or a crash between a sidecar and the index: crash recovery). The log is
 * rewritten when that is worth it, else what was adopted is appended.
 */
export async function loadEntries(c: LoadContext): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  const names = await readdir(c.dir);
  const sidecarNames = new Set<string>();
  for (const n of names) if (n.endsWith('.json') && !n.startsWith('.')) sidecarNames.add(n);
  const read = await c.indexLog.read((sidecar, line) => entryOf(sidecar, line));
  if (!read.entries) c.log.warn('library index missing or unreadable; rebuilding from the sidecars');
  const known = new Set<string>();
  for (const e of read.entries?.values() ?? []) {
    const sidecarName = `${baseOf(e.file)}.json`;
    // An entry whose sidecar is gone was removed outside the app.
    if (!sidecarNames.has(sidecarName)) continue;
    entries.set(e.id, e);
    known.add(sidecarName);
  }
  const adopted: Entry[] = [];
  for (const name of sidecarNames) {
    if (known.has(name)) continue;
    const entry = await adopt(c, name, names);
    if (!entry) continue;
    entries.set(entry.id, entry);
    if (entry.line !== null) adopted.push(entry);
  }
  // A dropped entry (its sidecar gone) leaves a line behind too: the log is rewritten when it is worth it.
  const dropped = (read.entries?.size ?? 0) - known.size;
  if (read.compact || !read.entries || dropped > 100) await c.indexLog.compact(linesOf(entries));
  else for (const e of adopted) await c.indexLog.put(e.line!);
  return entries;
}

/** What the index lists: every result whose sidecar was read, in the order they were filed. */
function* linesOf(entries: ReadonlyMap<string, Entry>): Iterable<string> {
  for (const e of entries.values()) if (e.line !== null) yield e.line;
}

/** A video result's poster, by a short tag of its time (which gives each new poster a new address). */
export async function findPosters(entries: ReadonlyMap<string, Entry>, previewOf: (id: string) => string): Promise<Map<string, string>> {
  const posters = new Map<string, string>();
  for (const e of entries.values()) {
    if (e.mime.startsWith('image/')) continue;
    const poster = await stat(previewOf(e.id)).catch(() => undefined);
    if (poster?.isFile()) posters.set(e.id, Math.floor(poster.mtimeMs).toString(16));
  }
  return posters;
}

/**
 * Adopts a sidecar the index did not list. A damaged one is set aside with a notice, and its result's file (when
 * there is one) is kept in the library without its details.
 */
async function adopt(c: LoadContext, sidecarName: string, names: readonly string[]): Promise<Entry | undefined> {
  const base = sidecarName.slice(0, -'.json'.length);
  const read = await readJsonOrSetAside(join(c.dir, sidecarName), {
    schema: sidecarSchemaFor(base),
    aside: join(c.dir, SET_ASIDE, `${base}.${asideStamp(c.now())}.json`),
  });
  if (read.status === 'ok') return entryOf(read.value);
  if (read.status === 'missing') return undefined;
  const aside = read.aside;
  const media = names.find((n) => n.startsWith(`${base}.`) && !n.endsWith('.json') && isResultFileName(n));
  c.log.warn('library sidecar unreadable; set aside', { sidecar: sidecarName });
  if (!media) {
    c.notices.add('warning', noticeWords.sidecarOrphan(sidecarName, aside));
    return undefined;
  }
  const size = (await stat(join(c.dir, media)).catch(() => undefined))?.size ?? 0;
  c.notices.add('warning', noticeWords.detailsSetAside(media, aside));
  return entryWithoutDetails(base, media, MIME_BY_EXT[extname(media).toLowerCase()]!, size, c.now());
}
