/**
 * The format, size and transparency of a PNG, JPEG, WebP or GIF from its first bytes. The `image-size` package does
 * this, but it is not a dependency (issue 22 did not add one); this reads only the four formats the service takes,
 * synchronously over a base64 prefix in the renderer as in main, and also says whether the image can carry alpha,
 * which image-size does not.
 */
import { decodeBase64Prefix } from './base64';

type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface ImageHeader {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
  /** Whether the format and header say the image can carry transparency. */
  readonly hasAlpha: boolean;
}

const u16be = (b: Uint8Array, o: number) => (b[o]! << 8) | b[o + 1]!;
const u32be = (b: Uint8Array, o: number) => ((b[o]! << 24) >>> 0) + (b[o + 1]! << 16) + (b[o + 2]! << 8) + b[o + 3]!;
const u16le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u24le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16);
const ascii = (b: Uint8Array, o: number, n: number) => String.fromCharCode(...b.subarray(o, o + n));

function png(b: Uint8Array): ImageHeader | undefined {
  if (b.length < 33 || ascii(b, 12, 4) !== 'IHDR') return undefined;
  const colorType = b[25]!;
  let hasAlpha = colorType === 4 || colorType === 6;
  // A tRNS chunk before IDAT gives palette and grey images transparency too.
  for (let o = 33; !hasAlpha && o + 8 <= b.length; ) {
    const length = u32be(b, o);
    const type = ascii(b, o + 4, 4);
    if (type === 'tRNS') hasAlpha = true;
    if (type === 'IDAT') break;
    o += 12 + length;
  }
  return { format: 'png', width: u32be(b, 16), height: u32be(b, 20), hasAlpha };
}

function jpeg(b: Uint8Array): ImageHeader | undefined {
  let o = 2;
  while (o + 9 < b.length) {
    if (b[o] !== 0xff) return undefined;
    const marker = b[o + 1]!;
    if (marker === 0xff) {
      o += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { format: 'jpeg', height: u16be(b, o + 5), width: u16be(b, o + 7), hasAlpha: false };
    o += 2 + u16be(b, o + 2);
  }
  return undefined;
}

function webp(b: Uint8Array): ImageHeader | undefined {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X' && b.length >= 30) {
    return { format: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, hasAlpha: (b[20]! & 0x10) !== 0 };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, hasAlpha: ((bits >> 28) & 1) === 1 };
  }
  if (chunk === 'VP8 ' && b.length >= 30) {
    return { format: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff, hasAlpha: false };
  }
  return undefined;
}

/** Reads format, size and alpha from the first bytes of an image, without decoding it. */
function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') return png(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
  if (ascii(bytes, 0, 3) === 'GIF') return { format: 'gif', width: u16le(bytes, 6), height: u16le(bytes, 8), hasAlpha: true };
  return undefined;
}

/** JPEG headers can sit behind large EXIF blocks, so read generously. */
const HEADER_BYTES = 256 * 1024;

export function readBase64ImageHeader(value: string): ImageHeader | undefined {
  const bytes = decodeBase64Prefix(value, HEADER_BYTES);
  return bytes ? readImageHeader(bytes) : undefined;
}

/** Megapixels as the service reports them: 10^6 pixels, two decimals. */
export function megapixels(width: number, height: number): number {
  return Math.round((width * height) / 10_000) / 100;
}
