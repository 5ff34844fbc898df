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
import { pngTextChunk, readPngTexts, withJpegMetadata, withPngText, withWebpMetadata, type MetadataBlocks } from './containers';
import { exifBlock } from './exifBlock';
import { exifUserComment } from './exifComment';

export type ExportFormat = 'png' | 'jpeg' | 'webp';

/** What a picture file says of itself that its EXIF must agree with. */
interface PictureFacts {
  readonly width: number;
  readonly height: number;
  readonly orientation: number | null;
  readonly hasAlpha: boolean;
  readonly srgb: boolean;
}

async function pictureFacts(bytes: Uint8Array): Promise<PictureFacts> {
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error('the picture has no size');
  return { width: meta.width, height: meta.height, orientation: meta.orientation ?? null, hasAlpha: meta.hasAlpha ?? false, srgb: !meta.icc };
}

/** Our EXIF and XMP for a picture: the A1111 infotext as UserComment, the prompt as ImageDescription. */
function blocksFor(m: GenerationMetadata, picture: PictureFacts): MetadataBlocks {
  const exif = exifBlock({
    width: picture.width,
    height: picture.height,
    description: m.prompt ? m.prompt.slice(0, 2000) : null,
    userComment: infotext(m),
    software: `Gen Studio ${m.app.version}`,
    orientation: picture.orientation,
    srgb: picture.srgb,
  });
  return { exif, xmp: xmpPacket(m) };
}

function pngTexts(m: GenerationMetadata) {
  return [pngTextChunk(METADATA_KEY, metadataJson(m), true), pngTextChunk('parameters', infotext(m)), pngTextChunk('invokeai_metadata', invokeAiMetadata(m))];
}

/** Our metadata moved into an encoded picture, its image data left as it is. */
async function withMetadataBlocks(bytes: Uint8Array, format: 'jpeg' | 'webp', m: GenerationMetadata, size?: { width: number; height: number }): Promise<Buffer> {
  const picture = { ...(await pictureFacts(bytes)), ...size };
  const blocks = blocksFor(m, picture);
  return format === 'jpeg' ? withJpegMetadata(bytes, blocks) : withWebpMetadata(bytes, blocks, picture);
}

/**
 * The metadata written into a picture result as the library saves it, its pixels untouched. Formats that carry
 * none here (GIF, AVIF, HEIF, TIFF) are kept as they are: the sidecar still has everything. (An MP4 gets its
 * tags from `remuxWithMetadata`.)
 */
export async function embedInResult(bytes: Uint8Array, format: string, image: { width: number; height: number }, m: GenerationMetadata): Promise<Uint8Array> {
  if (format === 'png') return withPngText(bytes, pngTexts(m));
  if (format === 'jpg' || format === 'jpeg') return withMetadataBlocks(bytes, 'jpeg', m, image);
  if (format === 'webp') return withMetadataBlocks(bytes, 'webp', m, image);
  return bytes;
}

/**
 * A copy of an image in another format, at a quality, with the metadata; the result file is not changed. The
 * copy is turned upright (its orientation applied), and sharp's own metadata is left out: the blocks are ours,
 * placed as in a library save, so an export and a saved result read the same everywhere.
 */
export async function encodeExport(bytes: Uint8Array, format: ExportFormat, quality: number, m: GenerationMetadata | null): Promise<Buffer> {
  const source = sharp(bytes, { limitInputPixels: 268_402_689 }).rotate();
  if (format === 'png') {
    const png = await source.png().toBuffer();
    // libvips writes a density it was never told (1 pixel per mm); a generated picture has none.
    return withPngText(png, m ? pngTexts(m) : [], { dropPhys: true });
  }
  // JPEG has no alpha: transparent areas become white, as most editors flatten them.
  const encoded = await (format === 'jpeg' ? source.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }) : source.webp({ quality })).toBuffer();
  return m ? withMetadataBlocks(encoded, format, m) : encoded;
}

/** A PNG of the image, for the clipboard and drag icons. */
export async function asPng(bytes: Uint8Array, maxEdge?: number): Promise<Buffer> {
  let pipeline = sharp(bytes, { limitInputPixels: 268_402_689 }).rotate();
  if (maxEdge) pipeline = pipeline.resize(maxEdge, maxEdge, { fit: 'inside', withoutEnlargement: true });
  return pipeline.png().toBuffer();
}

/** A1111's parameters line: the pairs after the prompt, with its steps or its seed. */
const PARAMETERS_LINE = /(^|, )Steps: \d+|(^|, )Seed: -?\d+/;

/** A UserComment may be any camera's note: it is an infotext only with that line (a PNG's `parameters` is one by its name). */
const isInfotext = (text: string) => text.split(/\r?\n/).some((l) => PARAMETERS_LINE.test(l));

/** What another tool's A1111 infotext says, for files made elsewhere: the prompt and the pairs that map. */
function parseInfotext(text: string): { prompt: string | null; seed: number | null; width: number | null; height: number | null; steps: number | null; guidance: number | null } {
  const lines = text.split(/\r?\n/);
  const last = lines.findLastIndex((l) => PARAMETERS_LINE.test(l));
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
 * infotext written by another tool (a PNG's `parameters` text, or a JPEG's or WebP's EXIF UserComment). Any other
 * file has none.
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
  const comment = meta.exif ? exifUserComment(meta.exif) : undefined;
  if (comment !== undefined && isInfotext(comment)) return { kind: 'infotext', found: parseInfotext(comment) };
  return { kind: 'none' };
}
