import sharp from 'sharp';
import { MEDIA_TYPES, type MediaMime } from '../../../shared/media/mediaType';
import { MP4_PROBLEM, readMp4 } from '../../../shared/media/mp4';
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

export class BadResult extends Error {}

/**
 * Proves a downloaded result is what it claims before it goes into the library: an image must decode whole
 * (making its preview decodes every pixel), a video must be a complete MP4.
 */
export async function inspectResult(bytes: Uint8Array): Promise<InspectedResult> {
  if (bytes.length === 0) throw new BadResult('The result is empty.');
  const mp4 = readMp4(bytes);
  if (mp4.kind === 'mp4') return { kind: 'video', ...MEDIA_TYPES.mp4, width: mp4.info.width, height: mp4.info.height, seconds: mp4.info.seconds, thumbnail: null };
  if (mp4.kind === 'incomplete') throw new BadResult('The video is incomplete.');
  if (mp4.kind === 'too-complex') throw new BadResult(`The video ${MP4_PROBLEM['too-complex']}.`);

  const meta = await timed('verify', () => sharp(bytes, { failOn: 'warning' }).metadata()).catch(() => undefined);
  const type = meta?.format && Object.hasOwn(IMAGE_TYPES, meta.format) ? IMAGE_TYPES[meta.format as keyof typeof IMAGE_TYPES] : undefined;
  if (!meta || !type || !meta.width || !meta.height) throw new BadResult('The result is not an image or video Gen Studio can read.');
  // The full decode happens here, while making the preview: a damaged image fails it.
  const thumbnail = await timed('thumbnail', () =>
    sharp(bytes, { failOn: 'warning' }).rotate().resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
  ).catch(() => undefined);
  if (!thumbnail) throw new BadResult('The image is damaged or incomplete.');
  return { kind: 'image', mime: type.mime, ext: type.ext, width: meta.width, height: meta.height, seconds: null, thumbnail };
}
