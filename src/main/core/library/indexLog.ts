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
import { z } from 'zod';
import { LooseSidecarSchema, SidecarSchema, type Sidecar } from './sidecar';

export const INDEX_LOG = '.index.jsonl';
/** The index of the versions before the log: a single JSON file rewritten on every result. Migrated, then removed. */
export const LEGACY_INDEX = '.index.json';

/** Lines written per write while compacting: big enough to be quick, small enough never to hold the thread long. */
const COMPACT_BATCH = 500;

/** What the index keeps of a result: its line (the sidecar is parsed again from it when asked) and what `keep` took. */
export interface IndexRead<T> {
  /** The results the index lists, by id; undefined when there is no readable index at all (rebuilt from sidecars). */
  readonly entries: Map<string, T> | undefined;
  /** The log should be rewritten: it came from the old index, or holds damaged or superseded lines. */
  readonly compact: boolean;
}

/**
 * Every line is checked whole at start, but `params` only as a record: a value out of `JSON.parse` is JSON by
 * construction, and checking that again, value by value, was a third of the start-up's checking at 100,000 results.
 */
const LogLineSchema = z.union([z.object({ put: LooseSidecarSchema }), z.object({ del: z.string() })]);

/** Read in large chunks and split here: a `readline` event and an `await` per line cost more than the parse. */
const READ_CHUNK = 1 << 20;

export class IndexLog {
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly dir: string) {}

  private get path(): string {
    return join(this.dir, INDEX_LOG);
  }

  /**
   * Reads the log, or the old single-file index when there is no log yet (the first start after an update). `keep`
   * takes what the caller holds of each result (the parsed sidecar is not kept: 100,000 of them cost hundreds of
   * megabytes and long collections); `line` is the result's line as it is in the log.
   */
  async read<T>(keep: (sidecar: Sidecar, line: string) => T): Promise<IndexRead<T>> {
    const fromLog = await this.readLog(keep);
    if (fromLog) return fromLog;
    const legacy = await readLegacy(join(this.dir, LEGACY_INDEX));
    if (!legacy) return { entries: undefined, compact: true };
    const entries = new Map<string, T>();
    for (const s of legacy) entries.set(s.id, keep(s, lineOf(s)));
    return { entries, compact: true };
  }

  private async readLog<T>(keep: (sidecar: Sidecar, line: string) => T): Promise<IndexRead<T> | undefined> {
    const stream = createReadStream(this.path, { encoding: 'utf8', highWaterMark: READ_CHUNK });
    const opened = await new Promise<boolean>((resolve) => {
      stream.once('open', () => resolve(true));
      stream.once('error', () => resolve(false));
    });
    if (!opened) return undefined;
    const entries = new Map<string, T>();
    let lines = 0;
    let damaged = false;
    let migrated = false;
    const take = (line: string) => {
      if (line === '') return;
      lines++;
      const parsed = LogLineSchema.safeParse(parseJson(line));
      if (!parsed.success) {
        damaged = true;
        return;
      }
      if ('put' in parsed.data) {
        const sidecar = parsed.data.put as Sidecar;
        // A line of an older version is kept as the current one says it, and the log rewritten so.
        const current = line.startsWith(CURRENT_LINE_START);
        if (!current) migrated = true;
        // A result filed again replaces its older line; it keeps its place in the order, which is by time saved.
        entries.delete(sidecar.id);
        entries.set(sidecar.id, keep(sidecar, current ? line : lineOf(sidecar)));
      } else entries.delete(parsed.data.del);
    };
    let rest = '';
    for await (const chunk of stream as AsyncIterable<string>) {
      const text = rest + chunk;
      let from = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', from)) {
        take(text.slice(from, end));
        from = end + 1;
      }
      rest = text.slice(from);
    }
    take(rest);
    // Superseded lines cost reading time at every start: rewritten once they are as many as the live ones.
    return { entries, compact: damaged || migrated || lines > 2 * entries.size + 100 };
  }

  /** A result's line: what `put` appends and what `read` gives back. */
  static lineOf(sidecar: Sidecar): string {
    return lineOf(sidecar);
  }

  /** The sidecar of a line `read` gave back (checked then; checked again, since the schema also repairs). */
  static sidecarOf(line: string): Sidecar {
    return SidecarSchema.parse((JSON.parse(line) as { put: unknown }).put);
  }

  /** Files one result: its line (`IndexLog.lineOf`) appended. */
  put(line: string): Promise<void> {
    return this.append(`${line}\n`);
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
  compact(lines: Iterable<string>): Promise<void> {
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        const temp = join(this.dir, `.index.${process.pid}.compacting`);
        const handle = await open(temp, 'w');
        try {
          let batch: string[] = [];
          for (const line of lines) {
            batch.push(line);
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

/** The version comes first, so a line of the current version is known by how it starts. */
const lineOf = ({ version, ...record }: Sidecar): string => JSON.stringify({ put: { version, ...record } });
/** How every line `lineOf` writes starts. */
const CURRENT_LINE_START = '{"put":{"version":2,';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readLegacy(file: string): Promise<Sidecar[] | undefined> {
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
  const sidecars: Sidecar[] = [];
  for (const entry of parsed.data.entries) {
    const s = SidecarSchema.safeParse(entry);
    if (s.success) sidecars.push(s.data);
  }
  return sidecars;
}
