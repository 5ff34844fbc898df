import type { LayeredDocument, LayeredFormat } from '../../../shared/layers/layeredDocument';
import { writeOra } from './oraWrite';
import { writePsd } from './psdWrite';

/** The one place a layered document becomes a file's bytes, whichever format. */
export async function encodeLayered(doc: LayeredDocument, format: LayeredFormat): Promise<Uint8Array> {
  return format === 'psd' ? writePsd(doc) : writeOra(doc);
}
