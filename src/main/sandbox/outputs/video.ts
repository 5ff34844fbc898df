import { createHash } from 'node:crypto';
import { VIDEO_FPS } from '../../../shared/catalog/video';
import { readMp4Info } from '../../../shared/media/mp4';
import type { VideoHeader } from '../decode/media';
import { encodeMp4Async, keyframeSize, type VideoKeyframe } from '../video/encodeMp4';
import { drawLabel, stampPlaceholder, textWidth } from './font';
import { promptOf, type DecodedImage, type DecodedVideo, type RenderedOutput, type RenderJob } from './job';
import { drawPattern } from './pattern';
import { mixSeed, hueColor, generator, type Rgb } from './random';
import { resizeRaster, type Raster } from './raster';

const rgba = (r: Raster) => ({ width: r.width, height: r.height, rgba: new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.length) });

/** A keyframe image at the size the clip shows it. */
async function fitted(image: DecodedImage | Raster, width: number, height: number): Promise<Raster> {
  const size = keyframeSize(image.width, image.height, width, height);
  return resizeRaster(image, size.width, size.height, 'fill');
}

/** The source video a request hands in (v2v, draft_enhance, upscale), if any. */
const sourceOf = (job: RenderJob): DecodedVideo | undefined => [...job.inputs.videos.values()][0];

/**
 * What the output takes from its source. The sandbox cannot decode another encoder's frames, so a clip
 * derives from its source through the source's bytes (mixed into the seed: another source, another clip)
 * and says so on the picture: the source's size, length and digest.
 */
interface SourceFacts {
  readonly digest: string;
  /** Longest first; the picture shows the first that fits. */
  readonly labels: readonly string[];
}

function sourceFacts(source: DecodedVideo): SourceFacts {
  const digest = createHash('sha256').update(source.bytes).digest('hex').slice(0, 8);
  const seconds = Math.round(source.seconds * 10) / 10;
  return { digest, labels: [`FROM ${source.width}X${source.height} ${seconds}S #${digest}`, `#${digest}`] };
}

/** The picture a clip without keyframes shows: the sandbox's pattern for the seed and prompt, marked as a placeholder. */
async function patternFrame(seed: number, width: number, height: number, source?: SourceFacts): Promise<Raster> {
  const size = keyframeSize(width, height, width, height);
  const picture = await drawPattern(size.width, size.height, seed);
  stampPlaceholder(picture, seed);
  const scale = Math.max(1, Math.floor(Math.min(picture.width, picture.height) / 160));
  const label = source?.labels.find((text) => textWidth(text, scale) + 6 * scale <= picture.width);
  if (label) drawLabel(picture, label, 2 * scale, 2 * scale, scale);
  return picture;
}

const backgroundOf = (seed: number): Rgb => hueColor(generator(seed)(), 0.45, 0.22);

async function clip(job: RenderJob, keyframes: readonly VideoKeyframe[], seed: number): Promise<RenderedOutput> {
  const { width, height } = job.size;
  const bytes = await encodeMp4Async({ width, height, fps: VIDEO_FPS, seconds: job.seconds, background: backgroundOf(seed), keyframes });
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), mime: 'video/mp4', ext: 'mp4', width, height, seconds: job.seconds };
}

/**
 * gen-3-video in every mode: keyframe images from their pinned times on (i2v), or the seed's pattern from
 * the start (t2v; v2v and draft_enhance with their source mixed in and named), over a background of the
 * seed's colour, with a moving progress bar.
 */
export async function renderVideo(job: RenderJob): Promise<RenderedOutput> {
  const source = sourceOf(job);
  const facts = source ? sourceFacts(source) : undefined;
  const seed = mixSeed(job.seed, promptOf(job), job.endpoint.id, ...(facts ? [facts.digest] : []));
  const { width, height } = job.size;
  const keyframes: VideoKeyframe[] = [];
  for (const k of job.inputs.keyframes) keyframes.push({ time: k.time, image: rgba(await fitted(k.image, width, height)) });
  if (keyframes.length === 0) keyframes.push({ time: 0, image: rgba(await patternFrame(seed, width, height, facts)) });
  return clip(job, keyframes, seed);
}

/**
 * video-upscale-v1: a clip of the upscaled size and the source's duration, derived from the source as above.
 * The endpoint takes no seed, so the clip is a function of the request alone: the same source and settings
 * give the same clip.
 */
export async function renderVideoUpscale(job: RenderJob): Promise<RenderedOutput> {
  const source = sourceOf(job);
  const facts = source ? sourceFacts(source) : undefined;
  const settings = [String(job.size.width), String(job.seconds), String(job.params.creativity ?? ''), promptOf(job)];
  const seed = mixSeed(0, job.endpoint.id, ...settings, ...(facts ? [facts.digest] : []));
  return clip(job, [{ time: 0, image: rgba(await patternFrame(seed, job.size.width, job.size.height, facts)) }], seed);
}

/** An input video the sandbox accepts: an H.264 MP4 whose header gives its size, length and frame rate. */
export function readVideoHeader(bytes: Uint8Array): VideoHeader | undefined {
  const info = readMp4Info(bytes);
  if (!info || info.codec !== 'avc1' || !info.width || !info.height || !info.seconds || !info.fps) return undefined;
  return { width: info.width, height: info.height, seconds: info.seconds, fps: info.fps };
}
