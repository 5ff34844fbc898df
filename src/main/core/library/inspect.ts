import { closeSync, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import { MEDIA_TYPES, sniffMediaType, SNIFF_BYTES, type MediaMime } from '../../../shared/media/mediaType';
import { english } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import { MAX_BOXES, readMp4Parts, type Mp4Reading } from '../../../shared/media/mp4';
import { pictures } from '../i18n/pictureWords';
import { timed } from '../perf/phases';

const THUMB_EDGE = 320;

/** What sharp may report; a video is told apart before sharp is asked. */
const { mp4: _video, ...IMAGE_TYPES } = MEDIA_TYPES;

export interface InspectedResult {
  readonly kind: 'image' | 'video';
  readonly mime: MediaMime;
  readonly ext: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly seconds: number | null;
  /** a small WebP preview (images only) */
  readonly thumbnail: Buffer | null;
}

/**
 * A result Gen Studio does not keep, saying why in words (its English the error's message, for the log).
 * `refetch`: it may have been damaged on the way (cut short), so fetching it again may help; otherwise it is the
 * wrong kind of file, and a second copy would be the same.
 */
export class BadResult extends Error {
  constructor(
    readonly words: Words,
    readonly refetch = true,
  ) {
    super(english(words));
  }
}

/** Why a result that is no picture or video at all is refused (the engine says more: what the storage may have sent). */
export const NOT_MEDIA = pictures.resultNotMedia;

/** The first bytes of a file and an MP4 reading of it, reading only box headers and the index (never the media). */
function readFileParts(path: string, size: number): { head: Uint8Array; mp4: () => Mp4Reading } {
  const fd = openSync(path, 'r');
  const readAt = (at: number, length: number) => {
    const out = new Uint8Array(length);
    const got = readSync(fd, out, 0, length, at);
    return got === length ? out : out.subarray(0, got);
  };
  const head = readAt(0, Math.min(SNIFF_BYTES, size));
  return {
    head,
    mp4: () => {
      try {
        return readMp4Parts(size, readAt);
      } finally {
        closeSync(fd);
      }
    },
  };
}

/** The MP4 reading of a file on disk (see `readMp4Parts`). */
export async function readMp4File(path: string): Promise<Mp4Reading> {
  const { size } = await stat(path);
  return readFileParts(path, size).mp4();
}

/**
 * Proves a downloaded result, on disk, is what it claims before it goes into the library: an image must decode
 * whole (making its preview decodes every pixel, on sharp's threads, from the file), a video must be a complete
 * MP4 (its box headers and index are read; the media is never held in memory).
 */
export async function inspectResult(path: string): Promise<InspectedResult> {
  const { size } = await stat(path);
  if (size === 0) throw new BadResult(pictures.resultEmpty);
  const parts = readFileParts(path, size);
  const mp4 = parts.mp4();
  if (mp4.kind === 'mp4') return { kind: 'video', ...MEDIA_TYPES.mp4, width: mp4.info.width, height: mp4.info.height, seconds: mp4.info.seconds, thumbnail: null };
  if (mp4.kind === 'incomplete' && sniffMediaType(parts.head) === MEDIA_TYPES.mp4) throw new BadResult(pictures.resultVideoIncomplete);
  if (mp4.kind === 'too-complex') throw new BadResult(pictures.resultVideoTooComplex(MAX_BOXES), false);

  const meta = await timed('verify', () => sharp(path, { failOn: 'warning' }).metadata()).catch(() => undefined);
  const type = meta?.format && Object.hasOwn(IMAGE_TYPES, meta.format) ? IMAGE_TYPES[meta.format as keyof typeof IMAGE_TYPES] : undefined;
  if (!meta || !type || !meta.width || !meta.height) throw new BadResult(NOT_MEDIA, sniffMediaType(parts.head) !== undefined);
  // The full decode happens here, while making the preview: a damaged image fails it.
  const thumbnail = await timed('thumbnail', () =>
    sharp(path, { failOn: 'warning' }).rotate().resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
  ).catch(() => undefined);
  if (!thumbnail) throw new BadResult(pictures.resultPictureDamaged);
  return { kind: 'image', mime: type.mime, ext: type.ext, width: meta.width, height: meta.height, seconds: null, thumbnail };
}
