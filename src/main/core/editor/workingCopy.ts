import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** The formats every editor opens and saves as they are; any other picture is handed over as PNG. */
const OWN_FORMATS: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** "Harbour at dusk.png" → "Harbour at dusk": a name every file system takes, never a path. */
function stemOf(name: string): string {
  const stem = name
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .trim();
  return stem || 'picture';
}

const taken = (path: string) => access(path).then(() => true, () => false);

/**
 * The working copy's bytes and a file name not yet used in `folder` ("Harbour.png", then "Harbour 2.png"...):
 * a new round trip never writes over a file an editor may still have open.
 */
export async function workingCopyOf(
  asset: { readonly name: string; readonly mime: string },
  bytes: Uint8Array,
  folder: string,
  /** the bytes are already this file type (a layered file): written as they are */
  layered?: string,
): Promise<{ file: string; bytes: Uint8Array }> {
  const own = layered ?? OWN_FORMATS[asset.mime];
  const ext = own ?? 'png';
  const data = own ? bytes : new Uint8Array(await sharp(bytes).png().toBuffer());
  const stem = stemOf(asset.name);
  for (let n = 1; ; n++) {
    const file = `${stem}${n === 1 ? '' : ` ${n}`}.${ext}`;
    if (!(await taken(join(folder, file)))) return { file, bytes: data };
  }
}
