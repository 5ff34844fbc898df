import type { GenerationMetadata } from '../../../../shared/metadata/generationMetadata';
import type { Logger } from '../../deps';
import type { InspectedResult } from '../inspect';
import { embedInResult } from './embed';
import { remuxWithMetadata } from './mp4Export';

/**
 * The result's bytes with how it was made written into the file itself (docs/metadata.md), so it travels with the
 * file into other tools. A file the writer cannot place it in is saved as it came.
 */
export async function withMetadata(bytes: Uint8Array, inspected: InspectedResult, metadata: GenerationMetadata, log: Logger): Promise<Uint8Array> {
  if (inspected.width === null || inspected.height === null) return bytes;
  try {
    // A video's packets are copied into a new MP4 with the tags, never re-encoded.
    if (inspected.kind === 'video') return await remuxWithMetadata(bytes, metadata);
    return await embedInResult(bytes, inspected.ext, { width: inspected.width, height: inspected.height }, metadata);
  } catch (error) {
    log.warn('library: the metadata could not be written into the result file; saved without it', { error: error instanceof Error ? error.message : 'unknown' });
    return bytes;
  }
}
