/**
 * Inserts metadata blocks into PNG, JPEG and WebP files without touching their pixels. Written by hand because
 * no library does both halves of the job:
 * - sharp (libvips) cannot write arbitrary PNG text chunks (A1111's `parameters`, our own `genstudio` iTXt);
 * - sharp always decodes and re-encodes, and a result the user paid for must keep its exact pixels (a JPEG
 *   or lossy WebP re-encoded loses quality each time).
 * So sharp still encodes the EXIF and XMP payloads (see embed.ts); this file only moves finished blocks into
 * place: PNG text chunks before the first IDAT (readers that stop at the image data, as Pillow does before it
 * loads, still find them), JPEG APP1 segments after SOI/APP0, WebP RIFF chunks behind a VP8X header.
 */
import { crc32 } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

class ContainerError extends Error {}

interface PngChunk {
  readonly type: string;
  readonly data: Buffer;
}

function pngChunks(png: Buffer): PngChunk[] {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new ContainerError('not a PNG');
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > png.length) throw new ContainerError('PNG chunk runs past the end');
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') return chunks;
  }
  throw new ContainerError('PNG without IEND');
}

function encodePngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const isLatin1 = (text: string) => /^[\x20-\x7e\xa0-\xff\n]*$/.test(text);

/**
 * A text chunk: `tEXt` when the text is Latin-1 (what older readers understand), `iTXt` (UTF-8, uncompressed)
 * otherwise or when asked.
 */
export function pngTextChunk(keyword: string, text: string, forceInternational = false): { type: string; data: Buffer } {
  const key = Buffer.from(keyword, 'latin1');
  if (!forceInternational && isLatin1(text)) return { type: 'tEXt', data: Buffer.concat([key, Buffer.from([0]), Buffer.from(text, 'latin1')]) };
  // keyword \0, compression flag 0, method 0, empty language tag \0, empty translated keyword \0, text
  return { type: 'iTXt', data: Buffer.concat([key, Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]) };
}

const textKeyword = (chunk: PngChunk): string | null => {
  if (chunk.type !== 'tEXt' && chunk.type !== 'iTXt' && chunk.type !== 'zTXt') return null;
  const nul = chunk.data.indexOf(0);
  return nul < 0 ? null : chunk.data.toString('latin1', 0, nul);
};

/** The text chunks of a PNG (tEXt and uncompressed iTXt), by keyword; empty for anything else. */
export function readPngTexts(png: Uint8Array): Map<string, string> {
  const texts = new Map<string, string>();
  let chunks: PngChunk[];
  try {
    chunks = pngChunks(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  } catch {
    return texts;
  }
  for (const chunk of chunks) {
    const keyword = textKeyword(chunk);
    if (keyword === null) continue;
    const rest = chunk.data.subarray(keyword.length + 1);
    if (chunk.type === 'tEXt') texts.set(keyword, rest.toString('latin1'));
    if (chunk.type === 'iTXt' && rest[0] === 0) {
      // compression flag, method, language tag \0, translated keyword \0, then the UTF-8 text
      const language = rest.indexOf(0, 2);
      const translated = language < 0 ? -1 : rest.indexOf(0, language + 1);
      if (translated >= 0) texts.set(keyword, rest.subarray(translated + 1).toString('utf8'));
    }
  }
  return texts;
}

/**
 * Puts text chunks just before the first IDAT, replacing chunks of the same keywords (so writing twice leaves
 * one of each). `dropPhys` removes a pixel density the encoder made up (see embed.ts).
 */
export function withPngText(png: Uint8Array, texts: ReadonlyArray<{ type: string; data: Buffer }>, o: { dropPhys?: boolean } = {}): Buffer {
  const buffer = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const replaced = new Set(texts.map((t) => t.data.toString('latin1', 0, t.data.indexOf(0))));
  const kept = pngChunks(buffer).filter((c) => {
    if (o.dropPhys && c.type === 'pHYs') return false;
    const keyword = textKeyword(c);
    return keyword === null || !replaced.has(keyword);
  });
  const firstIdat = kept.findIndex((c) => c.type === 'IDAT');
  if (firstIdat < 0) throw new ContainerError('PNG without image data');
  const encoded = kept.map((c) => encodePngChunk(c.type, c.data));
  return Buffer.concat([PNG_SIGNATURE, ...encoded.slice(0, firstIdat), ...texts.map((t) => encodePngChunk(t.type, t.data)), ...encoded.slice(firstIdat)]);
}

// ---- JPEG ----

interface JpegSegment {
  readonly marker: number;
  /** the whole segment, marker and length included */
  readonly bytes: Buffer;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

/** The segments before the first scan, and the rest of the file (scan data onwards) as it is. */
function jpegHead(jpeg: Buffer): { segments: JpegSegment[]; rest: Buffer } {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new ContainerError('not a JPEG');
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) throw new ContainerError('JPEG marker expected');
    const marker = jpeg[at + 1]!;
    if (marker === 0xda || marker === 0xd9) return { segments, rest: jpeg.subarray(at) };
    const length = jpeg.readUInt16BE(at + 2);
    if (at + 2 + length > jpeg.length) throw new ContainerError('JPEG segment runs past the end');
    segments.push({ marker, bytes: jpeg.subarray(at, at + 2 + length) });
    at += 2 + length;
  }
  throw new ContainerError('JPEG without image data');
}

const app1Is = (s: JpegSegment, header: Buffer) => s.marker === 0xe1 && s.bytes.subarray(4, 4 + header.length).equals(header);

export interface MetadataBlocks {
  /** a TIFF-structured EXIF block, without the `Exif\0\0` header (exifBlock.ts) */
  readonly exif: Buffer;
  readonly xmp: string;
}

function app1(header: Buffer, payload: Buffer): Buffer {
  const length = 2 + header.length + payload.length;
  if (length > 0xffff) throw new ContainerError('metadata too large for one JPEG segment');
  const head = Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]);
  return Buffer.concat([head, header, payload]);
}

/**
 * EXIF and XMP as APP1 segments after SOI and JFIF. Ours replace any earlier ones (the caller carries the
 * orientation of an earlier EXIF into ours, so the picture still shows upright).
 */
export function withJpegMetadata(jpeg: Uint8Array, blocks: MetadataBlocks): Buffer {
  const buffer = Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  const { segments, rest } = jpegHead(buffer);
  const kept = segments.filter((s) => !app1Is(s, XMP_HEADER) && !app1Is(s, EXIF_HEADER));
  const leading = kept.filter((s) => s.marker === 0xe0);
  const trailing = kept.filter((s) => !leading.includes(s));
  const ours = [app1(EXIF_HEADER, blocks.exif), app1(XMP_HEADER, Buffer.from(blocks.xmp, 'utf8'))];
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...leading.map((s) => s.bytes), ...ours, ...trailing.map((s) => s.bytes), rest]);
}

// ---- WebP ----

interface RiffChunk {
  readonly fourcc: string;
  readonly data: Buffer;
}

function webpChunks(webp: Buffer): RiffChunk[] {
  if (webp.length < 12 || webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') throw new ContainerError('not a WebP');
  const chunks: RiffChunk[] = [];
  let at = 12;
  while (at + 8 <= webp.length) {
    const fourcc = webp.toString('latin1', at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    if (at + 8 + size > webp.length) throw new ContainerError('WebP chunk runs past the end');
    chunks.push({ fourcc, data: webp.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

function encodeRiffChunk(c: RiffChunk): Buffer {
  const head = Buffer.alloc(8);
  head.write(c.fourcc, 0, 'latin1');
  head.writeUInt32LE(c.data.length, 4);
  return Buffer.concat([head, c.data, c.data.length % 2 ? Buffer.from([0]) : Buffer.alloc(0)]);
}

const VP8X_ICC = 0x20;
const VP8X_ALPHA = 0x10;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/**
 * EXIF and XMP chunks at the end of the file, announced in a VP8X header (made from the picture's size when
 * the file is a simple lossy or lossless WebP). As for JPEG, ours replace earlier ones. WebP's EXIF chunk is
 * the TIFF structure itself, with no `Exif\0\0` header (ffmpeg and strict readers refuse one that has it).
 */
export function withWebpMetadata(webp: Uint8Array, blocks: MetadataBlocks, image: { width: number; height: number; hasAlpha: boolean }): Buffer {
  const buffer = Buffer.from(webp.buffer, webp.byteOffset, webp.byteLength);
  const chunks = webpChunks(buffer);
  let vp8x = chunks.find((c) => c.fourcc === 'VP8X');
  const body = chunks.filter((c) => c.fourcc !== 'VP8X' && c.fourcc !== 'XMP ' && c.fourcc !== 'EXIF');
  let flags: number;
  if (vp8x) {
    flags = vp8x.data[0]!;
  } else {
    const header = Buffer.alloc(10);
    header.writeUIntLE(image.width - 1, 4, 3);
    header.writeUIntLE(image.height - 1, 7, 3);
    vp8x = { fourcc: 'VP8X', data: header };
    flags = (image.hasAlpha ? VP8X_ALPHA : 0) | (chunks.some((c) => c.fourcc === 'ICCP') ? VP8X_ICC : 0);
  }
  const added: RiffChunk[] = [
    { fourcc: 'EXIF', data: blocks.exif },
    { fourcc: 'XMP ', data: Buffer.from(blocks.xmp, 'utf8') },
  ];
  flags |= VP8X_XMP | VP8X_EXIF;
  const header = Buffer.from(vp8x.data);
  header[0] = flags;
  const payload = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...[{ fourcc: 'VP8X', data: header }, ...body, ...added].map(encodeRiffChunk)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(payload.length, 4);
  return Buffer.concat([riff, payload]);
}
