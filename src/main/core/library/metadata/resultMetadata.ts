import { findEndpoint } from '../../../../shared/catalog/catalog';
import { buildGenerationMetadata, type GenerationMetadata, type MetadataSource } from '../../../../shared/metadata/generationMetadata';
import type { Logger } from '../../deps';
import type { InspectedResult } from '../inspect';
import { embedInResult } from './embed';
import { remuxWithMetadata } from './mp4Export';

/** How a result was made, as written into its file when it is filed and into every file exported from it. */
export function resultMetadata(
  appVersion: string,
  r: Omit<MetadataSource, 'appVersion' | 'endpoint'> & { readonly endpointId: string; readonly release?: GenerationMetadata['endpoint']['release'] },
): GenerationMetadata {
  const endpoint = findEndpoint(r.endpointId);
  return buildGenerationMetadata({
    appVersion,
    endpoint: { id: r.endpointId, title: endpoint?.title ?? null, release: r.release !== undefined ? r.release : (endpoint?.release ?? null) },
    params: r.params,
    seed: r.seed,
    width: r.width,
    height: r.height,
    inputs: r.inputs,
  });
}

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
