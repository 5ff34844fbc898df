import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { findEndpoint } from '../../../shared/catalog/catalog';
import type { ResultOrigin } from '../../../shared/library/resultRecord';
import { buildGenerationMetadata } from '../../../shared/metadata/generationMetadata';
import type { Logger } from '../deps';
import { TASK_ID_PATTERN } from '../../../shared/tasks/taskId';
import { writeFileAtomic, writeJsonAtomic } from '../fs/atomicWrite';
import { timed } from '../perf/phases';
import { inspectResult, type InspectedResult } from './inspect';
import { placeWithMetadata } from './metadata/resultMetadata';
import { baseNameFor, baseOf, previewPath, resultFilesNamed, sidecarSchemaFor } from './resultFiles';
import type { Sidecar } from './sidecar';

/**
 * A result to file: what the task knows of it, and the file it was downloaded to, in the library's folder and
 * flushed to disk. The save takes the file over: it becomes the result's (renamed, or rewritten with the metadata).
 */
export interface SaveRequest extends ResultOrigin {
  readonly file: string;
}

export interface FilingContext {
  readonly dir: string;
  readonly now: () => number;
  readonly appVersion: string;
  readonly log: Logger;
}

/**
 * Verifies a downloaded result and writes it: the file (with how it was made inside), then its preview and its
 * sidecar. Every write is atomic and the sidecar comes last, so a crash at any point leaves either nothing, a file
 * without details (adopted by `recoverFile`), or a whole result. The index is the caller's.
 */
export async function writeResult(c: FilingContext, r: SaveRequest): Promise<Sidecar> {
  const { file, ...meta } = r;
  const inspected = await inspectResult(file);
  const described = describe(meta, inspected);
  return timed('write', async () => {
    // The file and its preview are written side by side (each write waits on the disk): neither is a result
    // until the sidecar written after both, so a crash between them leaves a file `recoverFile` adopts, or a
    // preview the task's next save replaces.
    const [bytes] = await Promise.all([
      placeWithMetadata(file, join(c.dir, described.fileName), inspected, buildGenerationMetadata(c.appVersion, described), c.log),
      writePreview(c, described.id, inspected),
    ]);
    return writeSidecar(c, described, bytes);
  });
}

/** A result's record but for its size and when it is filed: the task's, the file's own facts and the catalog's words. */
function describe(r: ResultOrigin, inspected: InspectedResult): Omit<Sidecar, 'version' | 'bytes' | 'savedAt'> {
  // The id names the result's files: one from anywhere but the engine's own records must not reach a path.
  if (!TASK_ID_PATTERN.test(r.id)) throw new Error('bad task id');
  const endpoint = findEndpoint(r.endpointId);
  return {
    ...r,
    fileName: `${baseNameFor(r.id, r.endpointId, r.createdAt)}.${inspected.ext}`,
    mime: inspected.mime,
    width: inspected.width,
    height: inspected.height,
    seconds: inspected.seconds,
    endpointTitle: endpoint?.title ?? null,
    release: endpoint?.release ?? null,
  };
}

/** Writes what follows a result's file: its preview and its sidecar. */
async function writeDetails(c: FilingContext, r: ReturnType<typeof describe>, bytes: number, inspected: InspectedResult): Promise<Sidecar> {
  await writePreview(c, r.id, inspected);
  return writeSidecar(c, r, bytes);
}

async function writePreview(c: FilingContext, id: string, inspected: InspectedResult): Promise<void> {
  if (inspected.thumbnail) await writeFileAtomic(previewPath(c.dir, id), inspected.thumbnail);
}

/** The sidecar, written last: it is what makes the files a result. */
async function writeSidecar(c: FilingContext, r: ReturnType<typeof describe>, bytes: number): Promise<Sidecar> {
  const sidecar: Sidecar = { version: 2, ...r, bytes, savedAt: c.now() };
  await writeJsonAtomic(join(c.dir, `${baseOf(r.fileName)}.json`), sidecar);
  return sidecar;
}

/** A task's sidecar on disk (a crash may have come between it and the index), or undefined. */
export async function filedSidecar(dir: string, r: Pick<ResultOrigin, 'id' | 'endpointId' | 'createdAt'>): Promise<Sidecar | undefined> {
  const base = baseNameFor(r.id, r.endpointId, r.createdAt);
  const text = await readFile(join(dir, `${base}.json`), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = sidecarSchemaFor(base).safeParse(parseJson(text));
  return parsed.success ? parsed.data : undefined;
}

/**
 * A task's result file left without its sidecar (a crash came between the two): adopted when it decodes, by
 * writing what the save would have written after the file. Undefined when there is no such file, or it does not
 * decode (a file cut short is replaced by the next save).
 */
export async function recoverFile(c: FilingContext, meta: ResultOrigin): Promise<Sidecar | undefined> {
  const base = baseNameFor(meta.id, meta.endpointId, meta.createdAt);
  for (const name of await resultFilesNamed(c.dir, base)) {
    const path = join(c.dir, name);
    const inspected = await inspectResult(path).catch(() => undefined);
    const size = inspected && (await stat(path).catch(() => undefined))?.size;
    if (!inspected || size === undefined || `${base}.${inspected.ext}` !== name) continue;
    c.log.info('library: adopted a result saved before its details', { file: name });
    return writeDetails(c, describe(meta, inspected), size, inspected);
  }
  return undefined;
}

/** A task's result file left without its sidecar, found by name alone (nothing is read): see `recoverFile`. */
export async function unfiledFile(dir: string, meta: Pick<ResultOrigin, 'id' | 'endpointId' | 'createdAt'>): Promise<{ path: string; ext: string } | undefined> {
  const base = baseNameFor(meta.id, meta.endpointId, meta.createdAt);
  const [name] = await resultFilesNamed(dir, base);
  return name === undefined ? undefined : { path: join(dir, name), ext: extname(name).slice(1) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
