import type { LayeredFormat } from '../../../shared/layers/layeredDocument';
import type { LayeredPlan } from './buildLayered';
import { bytesWriter, type ByteSink, fileWriter } from './chunkWriter';
import { writeOra } from './oraWrite';
import { writePsd } from './psdWrite';

/** The one place a layered document becomes a file's bytes, whichever format, handed to `sink` as they come. */
export async function encodeLayered(doc: LayeredPlan, format: LayeredFormat, sink: ByteSink): Promise<void> {
  if (format === 'psd') await writePsd(doc, sink);
  else await writeOra(doc, sink.write);
}

/** The file's bytes in one array. */
export async function layeredBytes(doc: LayeredPlan, format: LayeredFormat): Promise<Uint8Array> {
  const out = bytesWriter();
  await encodeLayered(doc, format, out);
  return out.bytes();
}

/** Written straight to `path`, never whole in memory; a failed write leaves the file to the caller to remove. */
export async function writeLayeredFile(doc: LayeredPlan, format: LayeredFormat, path: string): Promise<void> {
  const out = fileWriter(path);
  try {
    await encodeLayered(doc, format, out);
  } catch (error) {
    out.abort();
    throw error;
  }
  await out.close();
}
