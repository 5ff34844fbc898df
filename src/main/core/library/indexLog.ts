/**
 * The library's index on disk: an append-only log, one line of JSON per change (`{"put": sidecar}` when a result is
 * filed, `{"del": id}` when it has gone to the trash), rewritten whole only to compact it, at start-up.
 *
 * Why a log written by hand and not SQLite: the index is a cache of the sidecars (lost or damaged, it is rebuilt
 * from them), it needs only "add one row" and "drop one row" on disk, and every query runs over the rows held in
 * memory anyway (galleryIndex.ts). The SQLite bindings that run under both Node 20 and Electron either fetch their
 * native binary at install (better-sqlite3 through prebuild-install, then a rebuild for Electron's ABI), which this
 * project cannot do, or run SQLite in WebAssembly over an in-memory image they write back whole, which is today's
 * cost again; node:sqlite does not exist in Node 20. A log costs no dependency and files a result with one small
 * append, whatever the library's size.
 *
 * Crash safety: a line cut short by a crash does not parse and is skipped (its sidecar is adopted again at start);
 * compaction writes a new file beside the log and renames it over, so a crash leaves the old log or the new one.
 */
import { createReadStream } from 'node:fs';
import { appendFile, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { SidecarSchema, type Sidecar } from './sidecar';

export const INDEX_LOG = '.index.jsonl';
/** The index of the versions before the log: a single JSON file rewritten on every result. Migrated, then removed. */
export const LEGACY_INDEX = '.index.json';

const LineSchema = z.union([z.object({ put: SidecarSchema }), z.object({ del: z.string() })]);

/** Lines written per write while compacting: big enough to be quick, small enough never to hold the thread long. */
const COMPACT_BATCH = 500;

export interface IndexRead {
  /** The results the index lists, by id; undefined when there is no readable index at all (rebuilt from sidecars). */
  readonly sidecars: Map<string, Sidecar> | undefined;
  /** The log should be rewritten: it came from the old index, or holds damaged or superseded lines. */
  readonly compact: boolean;
}

export class IndexLog {
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly dir: string) {}

  private get path(): string {
    return join(this.dir, INDEX_LOG);
  }

  /** Reads the log, or the old single-file index when there is no log yet (the first start after an update). */
  async read(): Promise<IndexRead> {
    const fromLog = await this.readLog();
    if (fromLog) return fromLog;
    const legacy = await readLegacy(join(this.dir, LEGACY_INDEX));
    return { sidecars: legacy, compact: true };
  }

  private async readLog(): Promise<IndexRead | undefined> {
    const stream = createReadStream(this.path, { encoding: 'utf8' });
    const opened = await new Promise<boolean>((resolve) => {
      stream.once('open', () => resolve(true));
      stream.once('error', () => resolve(false));
    });
    if (!opened) return undefined;
    const sidecars = new Map<string, Sidecar>();
    let lines = 0;
    let damaged = false;
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      if (line === '') continue;
      lines++;
      const parsed = LineSchema.safeParse(parseJson(line));
      if (!parsed.success) {
        damaged = true;
        continue;
      }
      if ('put' in parsed.data) {
        // A result filed again replaces its older line; it keeps its place in the order, which is by time saved.
        sidecars.delete(parsed.data.put.id);
        sidecars.set(parsed.data.put.id, parsed.data.put);
      } else sidecars.delete(parsed.data.del);
    }
    // Superseded lines cost reading time at every start: rewritten once they are as many as the live ones.
    return { sidecars, compact: damaged || lines > 2 * sidecars.size + 100 };
  }

  /** Files one result: one line appended. */
  put(sidecar: Sidecar): Promise<void> {
    return this.append(`${JSON.stringify({ put: sidecar })}\n`);
  }

  /** Drops results that went to the trash. */
  remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return this.writing;
    return this.append(ids.map((id) => `${JSON.stringify({ del: id })}\n`).join(''));
  }

  private append(text: string): Promise<void> {
    this.writing = this.writing.catch(() => undefined).then(() => appendFile(this.path, text, 'utf8'));
    return this.writing;
  }

  /**
   * Rewrites the log with one line per result, then removes the old single-file index (only once the log that
   * replaces it is on disk: a crash before leaves the old index to migrate again).
   */
  compact(sidecars: Iterable<Sidecar>): Promise<void> {
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        const temp = join(this.dir, `.index.${process.pid}.compacting`);
        const handle = await open(temp, 'w');
        try {
          let batch: string[] = [];
          for (const sidecar of sidecars) {
            batch.push(JSON.stringify({ put: sidecar }));
            if (batch.length === COMPACT_BATCH) {
              await handle.write(`${batch.join('\n')}\n`);
              batch = [];
            }
          }
          if (batch.length > 0) await handle.write(`${batch.join('\n')}\n`);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, this.path);
        await rm(join(this.dir, LEGACY_INDEX), { force: true });
      });
    return this.writing;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readLegacy(file: string): Promise<Map<string, Sidecar> | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  let text: string;
  try {
    text = await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
  // Entry by entry, so one damaged entry costs only itself (its sidecar is adopted again), not the whole index.
  const parsed = z.object({ version: z.literal(1), entries: z.array(z.unknown()) }).safeParse(parseJson(text));
  if (!parsed.success) return undefined;
  const sidecars = new Map<string, Sidecar>();
  for (const entry of parsed.data.entries) {
    const s = SidecarSchema.safeParse(entry);
    if (s.success) sidecars.set(s.data.id, s.data);
  }
  return sidecars;
}
