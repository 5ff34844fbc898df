/** The kinds of file Gen Studio keeps and shows: results, inputs and their previews. */
export interface MediaType {
  readonly mime: string;
  /** the extension files of this kind are saved with, without the dot */
  readonly ext: string;
}

/** By the format names sharp reports (plus `mp4`): one table for what is saved, served and listed. */
export const MEDIA_TYPES = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  avif: { mime: 'image/avif', ext: 'avif' },
  heif: { mime: 'image/heif', ext: 'heic' },
  tiff: { mime: 'image/tiff', ext: 'tiff' },
  mp4: { mime: 'video/mp4', ext: 'mp4' },
} as const satisfies Record<string, MediaType>;

export type MediaMime = (typeof MEDIA_TYPES)[keyof typeof MEDIA_TYPES]['mime'];
export const MEDIA_MIMES = Object.values(MEDIA_TYPES).map((t) => t.mime) as [MediaMime, ...MediaMime[]];

/** Whether a stored file (a result, an input) is a clip rather than a picture. */
export const isVideo = (file: { readonly mime: string }): boolean => file.mime.startsWith('video/');

/** How many leading bytes `sniffMediaType` needs. */
export const SNIFF_BYTES = 32;

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The brands of an ISO BMFF file's `ftyp` box within the first bytes: the major one first. */
function ftypBrands(b: Uint8Array): string[] | undefined {
  if (b.length < 12 || ascii(b, 4, 8) !== 'ftyp') return undefined;
  const size = ((b[0]! << 24) >>> 0) + (b[1]! << 16) + (b[2]! << 8) + b[3]!;
  const brands = [ascii(b, 8, 12)];
  for (let o = 16; o + 4 <= Math.min(size, b.length); o += 4) brands.push(ascii(b, o, o + 4));
  return brands;
}

/**
 * What a file is, from its first bytes (its signature), never from its name or from what a file beside it says:
 * a file is served and imported as the kind it really is, or not at all.
 */
export function sniffMediaType(b: Uint8Array): MediaType | undefined {
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 8) === 'PNG\r\n\x1a\n') return MEDIA_TYPES.png;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return MEDIA_TYPES.jpeg;
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return MEDIA_TYPES.gif;
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return MEDIA_TYPES.webp;
  if (b.length >= 4 && (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*')) return MEDIA_TYPES.tiff;
  const brands = ftypBrands(b);
  if (!brands) return undefined;
  // The major brand decides; a still-image brand among the compatible ones (with a video major brand) does not.
  if (AVIF_BRANDS.has(brands[0]!)) return MEDIA_TYPES.avif;
  if (HEIF_BRANDS.has(brands[0]!)) return MEDIA_TYPES.heif;
  return MEDIA_TYPES.mp4;
}
