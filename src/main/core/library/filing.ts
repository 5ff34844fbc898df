import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { findEndpoint } from '../../../shared/catalog/catalog';
import type { Logger } from '../deps';
import { TASK_ID_PATTERN } from '../engine/taskRecord';
import { writeFileAtomic, writeJsonAtomic } from '../fs/atomicWrite';
import { timed } from '../perf/phases';
import { inspectResult, type InspectedResult } from './inspect';
import { resultMetadata, withMetadata } from './metadata/resultMetadata';
import { baseNameFor, isResultFileName, previewPath, sidecarSchemaFor } from './resultFiles';
import type { Sidecar } from './sidecar';

/** What is kept beside a result: everything of a save but its bytes. */
export interface ResultMeta {
  readonly taskId: string;
  readonly endpointId: string;
  readonly params: Sidecar['params'];
  readonly inputs: Sidecar['inputs'];
  readonly seed: number | null;
  readonly cost: number | null;
  readonly settledCost: number | null;
  readonly inputMp: number | null;
  readonly outputMp: number | null;
  readonly remoteTaskId: string | null;
  readonly connectionLabel: string;
  readonly createdAt: number;
  readonly submittedAt: number | null;
  readonly readyAt: number | null;
  readonly projectId?: string | null;
  readonly group?: { readonly id: string; readonly index: number; readonly count: number } | null;
}

export interface SaveRequest extends ResultMeta {
  readonly bytes: Uint8Array;
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
  const inspected = await inspectResult(r.bytes);
  const file = `${baseNameFor(r.taskId, r.endpointId, r.createdAt)}.${inspected.ext}`;
  const bytes =
    inspected.width === null || inspected.height === null
      ? r.bytes
      : await withMetadata(r.bytes, inspected, resultMetadata(c.appVersion, { ...r, width: inspected.width, height: inspected.height }), c.log);
  return timed('write', async () => {
    await writeFileAtomic(join(c.dir, file), bytes);
    return writeDetails(c, r, bytes.byteLength, inspected);
  });
}

/** Writes what follows a result's file: its preview and its sidecar. */
async function writeDetails(c: FilingContext, r: ResultMeta, bytes: number, inspected: InspectedResult): Promise<Sidecar> {
  // The id names the preview file: one from anywhere but the engine's own records must not reach a path.
  if (!TASK_ID_PATTERN.test(r.taskId)) throw new Error('bad task id');
  const base = baseNameFor(r.taskId, r.endpointId, r.createdAt);
  const endpoint = findEndpoint(r.endpointId);
  const sidecar: Sidecar = {
    version: 1,
    id: r.taskId,
    file: `${base}.${inspected.ext}`,
    mime: inspected.mime,
    bytes,
    width: inspected.width,
    height: inspected.height,
    seconds: inspected.seconds,
    endpoint: { id: r.endpointId, title: endpoint?.title ?? null, release: endpoint?.release ?? null },
    params: r.params,
    seed: r.seed,
    inputs: r.inputs,
    cost: r.cost,
    settledCost: r.settledCost,
    inputMp: r.inputMp,
    outputMp: r.outputMp,
    task: { id: r.taskId, remoteId: r.remoteTaskId },
    connection: { label: r.connectionLabel },
    projectId: r.projectId ?? null,
    group: r.group ?? null,
    timings: { createdAt: r.createdAt, submittedAt: r.submittedAt, readyAt: r.readyAt, savedAt: c.now() },
  };
  if (inspected.thumbnail) await writeFileAtomic(previewPath(c.dir, r.taskId), inspected.thumbnail);
  await writeJsonAtomic(join(c.dir, `${base}.json`), sidecar);
  return sidecar;
}

/** A task's sidecar on disk (a crash may have come between it and the index), or undefined. */
export async function filedSidecar(dir: string, r: Pick<ResultMeta, 'taskId' | 'endpointId' | 'createdAt'>): Promise<Sidecar | undefined> {
  const base = baseNameFor(r.taskId, r.endpointId, r.createdAt);
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
export async function recoverFile(c: FilingContext, meta: ResultMeta): Promise<Sidecar | undefined> {
  const base = baseNameFor(meta.taskId, meta.endpointId, meta.createdAt);
  const names = await readdir(c.dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(`${base}.`) || !isResultFileName(name)) continue;
    const bytes = await readFile(join(c.dir, name)).catch(() => undefined);
    if (!bytes) continue;
    const inspected = await inspectResult(new Uint8Array(bytes)).catch(() => undefined);
    if (!inspected || `${base}.${inspected.ext}` !== name) continue;
    c.log.info('library: adopted a result saved before its details', { file: name });
    return writeDetails(c, meta, bytes.byteLength, inspected);
  }
  return undefined;
}

/** A task's result file left without its sidecar, found by name alone (nothing is read): see `recoverFile`. */
export async function unfiledFile(dir: string, meta: Pick<ResultMeta, 'taskId' | 'endpointId' | 'createdAt'>): Promise<{ path: string; ext: string } | undefined> {
  const base = baseNameFor(meta.taskId, meta.endpointId, meta.createdAt);
  const name = (await readdir(dir).catch(() => [] as string[])).find((n) => n.startsWith(`${base}.`) && isResultFileName(n));
  return name === undefined ? undefined : { path: join(dir, name), ext: extname(name).slice(1) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
