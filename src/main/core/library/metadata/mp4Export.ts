import { ALL_FORMATS, BufferSource, BufferTarget, Conversion, FilePathSource, FilePathTarget, Input, Mp4OutputFormat, Output, type MetadataTags, type Source, type Target } from 'mediabunny';
import { readMp4 } from '../../../../shared/media/mp4';
import { readMp4File } from '../inspect';
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
  const target = new BufferTarget();
  await remux(new BufferSource(bytes), target, 'in-memory', m);
  if (!target.buffer) throw new Error('the MP4 was not finished');
  return new Uint8Array(target.buffer);
}

/**
 * `remuxWithMetadata` from a file to a file, for a result as large as a download may be: mediabunny reads the
 * source through its bounded cache and writes the copy as it goes (the index at the end), so neither is held whole.
 */
export async function remuxFileWithMetadata(source: string, target: string, m: GenerationMetadata): Promise<void> {
  if ((await readMp4File(source)).kind !== 'mp4') throw new Error('not a whole MP4 the bounded reading accepts');
  await remux(new FilePathSource(source), new FilePathTarget(target), false, m);
}

async function remux(source: Source, target: Target, fastStart: 'in-memory' | false, m: GenerationMetadata): Promise<void> {
  const input = new Input({ source, formats: ALL_FORMATS });
  const output = new Output({ format: new Mp4OutputFormat({ fastStart }), target });
  try {
    const conversion = await Conversion.init({ input, output, tags: mp4Tags(m), copy: { mode: 'forced' }, showWarnings: false });
    if (!conversion.isValid || conversion.discardedTracks.length > 0) {
      throw new Error(`cannot copy the tracks: ${conversion.discardedTracks.map((d) => d.reason).join(', ') || 'no track'}`);
    }
    await conversion.execute();
  } catch (error) {
    // A file target keeps its file open until the output ends.
    await output.cancel().catch(() => undefined);
    throw error;
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
