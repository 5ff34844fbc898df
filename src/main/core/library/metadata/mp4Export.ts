import { ALL_FORMATS, BufferSource, BufferTarget, Conversion, Input, Mp4OutputFormat, Output, type MetadataTags } from 'mediabunny';
import { readMp4 } from '../../../../shared/media/mp4';
import { metadataJson, parseGenerationMetadata, type GenerationMetadata } from '../../../../shared/metadata/generationMetadata';

/** The MP4 tags a video export carries: the prompt as the title (what players show), our JSON as the comment. */
function mp4Tags(m: GenerationMetadata): MetadataTags {
  return { ...(m.prompt ? { title: m.prompt } : {}), comment: metadataJson(m) };
}

/**
 * A copy of an MP4 with the generation metadata in its `moov/udta/meta` tags. The packets are copied, never
 * re-encoded (Node has no WebCodecs, and re-encoding would lose quality): a file whose tracks cannot be copied
 * as they are into an MP4 is refused, and the caller decides what to do instead.
 */
export async function remuxWithMetadata(bytes: Uint8Array, m: GenerationMetadata): Promise<Uint8Array> {
  if (readMp4(bytes).kind !== 'mp4') throw new Error('not a whole MP4 the bounded reading accepts');
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const target = new BufferTarget();
    const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
    const conversion = await Conversion.init({ input, output, tags: mp4Tags(m), copy: { mode: 'forced' }, showWarnings: false });
    if (!conversion.isValid || conversion.discardedTracks.length > 0) {
      throw new Error(`cannot copy the tracks: ${conversion.discardedTracks.map((d) => d.reason).join(', ') || 'no track'}`);
    }
    await conversion.execute();
    if (!target.buffer) throw new Error('the MP4 was not finished');
    return new Uint8Array(target.buffer);
  } finally {
    input.dispose();
  }
}

/** The generation metadata an MP4 carries in its comment tag (as `mp4Tags` writes it), or null: not an MP4, or none. */
export async function metadataFromMp4(bytes: Uint8Array): Promise<GenerationMetadata | null> {
  // mediabunny is handed only a file whose boxes the bounded reading has walked: a crafted one is not its to read.
  if (readMp4(bytes).kind !== 'mp4') return null;
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const { comment } = await input.getMetadataTags();
    return comment ? parseGenerationMetadata(comment) : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}
