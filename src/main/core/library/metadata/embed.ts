import sharp from 'sharp';
import {
  infotext,
  invokeAiMetadata,
  METADATA_KEY,
  metadataFromXmp,
  metadataJson,
  parseGenerationMetadata,
  xmpPacket,
  type GenerationMetadata,
} from '../../../../shared/metadata/generationMetadata';
import { metadataFromMp4 } from './mp4Export';
import { exifOfJpeg, pngTextChunk, readPngTexts, withJpegMetadata, withPngText, withWebpMetadata, type MetadataBlocks } from './containers';

export type ExportFormat = 'png' | 'jpeg' | 'webp';

/** What sharp's `withExif` takes: the A1111 line as UserComment, the app as Software. */
function exifTags(m: GenerationMetadata): Record<string, Record<string, string>> {
  return {
    IFD0: { Software: `Gen Studio ${m.app.version}`, ...(m.prompt ? { ImageDescription: m.prompt.slice(0, 2000) } : {}) },
    IFD2: { UserComment: infotext(m) },
  };
}

/** EXIF and XMP payloads made by sharp (on a one-pixel image), to move into a file without re-encoding it. */
async function blocksFor(m: GenerationMetadata): Promise<MetadataBlocks> {
  const carrier = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .jpeg()
    .withExif(exifTags(m))
    .toBuffer();
  return { exif: exifOfJpeg(carrier), xmp: xmpPacket(m) };
}

function pngTexts(m: GenerationMetadata) {
  return [pngTextChunk(METADATA_KEY, metadataJson(m), true), pngTextChunk('parameters', infotext(m)), pngTextChunk('invokeai_metadata', invokeAiMetadata(m))];
}

/**
 * The metadata written into a picture result as the library saves it, its pixels untouched. Formats that carry
 * none here (GIF, AVIF, HEIF, TIFF) are kept as they are: the sidecar still has everything. (An MP4 gets its
 * tags from `remuxWithMetadata`.)
 */
export async function embedInResult(bytes: Uint8Array, format: string, image: { width: number; height: number }, m: GenerationMetadata): Promise<Uint8Array> {
  if (format === 'png') return withPngText(bytes, pngTexts(m));
  if (format === 'jpg' || format === 'jpeg') return withJpegMetadata(bytes, await blocksFor(m));
  if (format === 'webp') {
    const hasAlpha = (await sharp(bytes).metadata()).hasAlpha ?? false;
    return withWebpMetadata(bytes, await blocksFor(m), { ...image, hasAlpha });
  }
  return bytes;
}

/** A copy of an image in another format, at a quality, with the metadata; the result file is not changed. */
export async function encodeExport(bytes: Uint8Array, format: ExportFormat, quality: number, m: GenerationMetadata | null): Promise<Buffer> {
  const source = sharp(bytes, { limitInputPixels: 268_402_689 });
  if (format === 'png') {
    const png = await source.png().toBuffer();
    return m ? withPngText(png, pngTexts(m)) : png;
  }
  // JPEG has no alpha: transparent areas become white, as most editors flatten them.
  let pipeline = format === 'jpeg' ? source.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }) : source.webp({ quality });
  if (m) pipeline = pipeline.withExif(exifTags(m)).withXmp(xmpPacket(m));
  return pipeline.toBuffer();
}

/** A PNG of the image, for the clipboard and drag icons. */
export async function asPng(bytes: Uint8Array, maxEdge?: number): Promise<Buffer> {
  let pipeline = sharp(bytes, { limitInputPixels: 268_402_689 }).rotate();
  if (maxEdge) pipeline = pipeline.resize(maxEdge, maxEdge, { fit: 'inside', withoutEnlargement: true });
  return pipeline.png().toBuffer();
}

/** What another tool's A1111 infotext says, for files made elsewhere: the prompt and the pairs that map. */
function parseInfotext(text: string): { prompt: string | null; seed: number | null; width: number | null; height: number | null; steps: number | null; guidance: number | null } {
  const lines = text.split(/\r?\n/);
  const last = lines.findLastIndex((l) => /(^|, )Steps: \d+|(^|, )Seed: -?\d+/.test(l));
  const pairs = last >= 0 ? lines[last]! : '';
  const promptLines = (last >= 0 ? lines.slice(0, last) : lines).filter((l) => !l.startsWith('Negative prompt:'));
  const pick = (key: string) => {
    const match = new RegExp(`(?:^|, )${key}: ([^,]+)`).exec(pairs);
    return match ? match[1]!.trim() : null;
  };
  const n = (v: string | null) => (v !== null && Number.isFinite(Number(v)) ? Number(v) : null);
  const size = /^(\d+)x(\d+)$/.exec(pick('Size') ?? '');
  return {
    prompt: promptLines.join('\n').trim() || null,
    seed: n(pick('Seed')),
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    steps: n(pick('Steps')),
    guidance: n(pick('CFG scale')),
  };
}

export type ReadMetadata =
  | { readonly kind: 'gen-studio'; readonly metadata: GenerationMetadata }
  | { readonly kind: 'infotext'; readonly found: ReturnType<typeof parseInfotext> }
  | { readonly kind: 'none' };

/**
 * Reads metadata back from a file: our own key first (PNG text, then XMP, or an MP4's comment tag), then an A1111
 * `parameters` text written by another tool. Any other file has none.
 */
export async function readMetadata(bytes: Uint8Array): Promise<ReadMetadata> {
  const meta = await sharp(bytes).metadata().catch(() => undefined);
  if (!meta) {
    const fromMp4 = await metadataFromMp4(bytes);
    return fromMp4 ? { kind: 'gen-studio', metadata: fromMp4 } : { kind: 'none' };
  }
  // sharp's PNG loader does not report text chunks, so they are read here.
  const texts = meta.format === 'png' ? readPngTexts(bytes) : new Map<string, string>();
  const ours = texts.get(METADATA_KEY);
  const fromPng = ours !== undefined ? parseGenerationMetadata(ours) : null;
  if (fromPng) return { kind: 'gen-studio', metadata: fromPng };
  const fromXmp = meta.xmp ? metadataFromXmp(meta.xmp.toString('utf8')) : null;
  if (fromXmp) return { kind: 'gen-studio', metadata: fromXmp };
  const parameters = texts.get('parameters');
  if (parameters !== undefined) return { kind: 'infotext', found: parseInfotext(parameters) };
  return { kind: 'none' };
}
