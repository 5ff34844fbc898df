import { open, readFile, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { GenerationMetadata } from '../../../../shared/metadata/generationMetadata';
import type { Logger } from '../../deps';
import { claimTempFile, placeFile, writeFileAtomic } from '../../fs/atomicWrite';
import type { InspectedResult } from '../inspect';
import { embedInResult } from './embed';
import { remuxFileWithMetadata } from './mp4Export';

/**
 * The most of a picture result read into memory to write how it was made into it (the container rewriting works on
 * bytes); a larger picture is kept as it came, its sidecar holding everything. Generated pictures are a few MB.
 */
export const EMBED_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Puts a downloaded result (the file `source`, flushed to disk, which this takes over) at `target` with how it was
 * made written into the file itself (docs/metadata.md), so it travels with the file into other tools. A video's
 * packets are copied, file to file, into a new MP4 with the tags, never re-encoded nor held whole. A file the
 * writer cannot place it in is saved as it came. Answers the size of the file placed.
 */
export async function placeWithMetadata(source: string, target: string, inspected: InspectedResult, metadata: GenerationMetadata, log: Logger): Promise<number> {
  if (inspected.width !== null && inspected.height !== null) {
    try {
      const placed = inspected.kind === 'video' ? await placeRemuxed(source, target, metadata) : await placeEmbedded(source, target, inspected.ext, { width: inspected.width, height: inspected.height }, metadata, log);
      if (placed !== undefined) {
        await rm(source, { force: true });
        return placed;
      }
    } catch (error) {
      log.warn('library: the metadata could not be written into the result file; saved without it', { error: error instanceof Error ? error.message : 'unknown' });
    }
  }
  await placeFile(source, target);
  return (await stat(target)).size;
}

async function placeRemuxed(source: string, target: string, metadata: GenerationMetadata): Promise<number> {
  const temp = claimTempFile(dirname(target));
  try {
    await remuxFileWithMetadata(source, temp.path, metadata);
    const handle = await open(temp.path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const { size } = await stat(temp.path);
    await placeFile(temp.path, target);
    return size;
  } finally {
    await temp.release();
  }
}

/** The picture with its metadata written at `target`, or undefined when its format carries none here (or it is too large). */
async function placeEmbedded(source: string, target: string, ext: string, image: { width: number; height: number }, metadata: GenerationMetadata, log: Logger): Promise<number | undefined> {
  const { size } = await stat(source);
  if (size > EMBED_MAX_BYTES) {
    log.warn('library: a picture result too large to write its metadata into was saved as it came', { bytes: size });
    return undefined;
  }
  const bytes = await readFile(source);
  const embedded = await embedInResult(bytes, ext, image, metadata);
  if (embedded === bytes) return undefined;
  await writeFileAtomic(target, embedded);
  return embedded.byteLength;
}
