import { createHash } from 'node:crypto';
import { VIDEO_FPS } from '../../../shared/catalog/video';
import { readMp4Info } from '../../../shared/media/mp4';
import type { VideoHeader } from '../decode/media';
import { lastFrameOf, readOwnClip } from '../video/decodeOwn';
import { encodeMp4Async, keyframeSize, type VideoKeyframe } from '../video/encodeMp4';
import { mbCols, mbRows } from '../video/h264';
import { encodeRescaled } from '../video/rescale';
import { createPlanes, scalePlanes, type Planes } from '../video/yuv';
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
 * What the output takes from a source it cannot decode. The Sandbox decodes only its own clips (decodeOwn.ts);
 * from another encoder's, a clip derives through the source's bytes (mixed into the seed: another source,
 * another clip) and says so on the picture: the source's size, length and digest.
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

const output = (job: RenderJob, bytes: Uint8Array): RenderedOutput => ({
  bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
  mime: 'video/mp4',
  ext: 'mp4',
  width: job.size.width,
  height: job.size.height,
  seconds: job.seconds,
});

async function clip(job: RenderJob, keyframes: readonly VideoKeyframe[], seed: number, backdrop?: Planes): Promise<RenderedOutput> {
  const { width, height } = job.size;
  const bytes = await encodeMp4Async({ width, height, fps: VIDEO_FPS, seconds: job.seconds, background: backgroundOf(seed), keyframes, ...(backdrop ? { backdrop } : {}) });
  return output(job, bytes);
}

/** A frame resampled to the output's size, as planes of its whole macroblocks. */
function fitFrame(frame: { planes: Planes; width: number; height: number }, width: number, height: number): Planes {
  const format = { width, height, fps: VIDEO_FPS };
  if (frame.width === width && frame.height === height) return frame.planes;
  const planes = createPlanes(mbCols(format) * 16, mbRows(format) * 16);
  scalePlanes(frame.planes, frame.width, frame.height, planes, width, height);
  return planes;
}

/** When a continuation's own picture comes in over its source's last frame. */
const continuationPictureAt = (seconds: number) => Math.min(1, seconds / 2);

/**
 * v2v from one of the Sandbox's own clips: the first frame is the source's last frame (resampled to the asked
 * size), and the seed's picture comes in over it after a moment. Undefined for a source it cannot decode.
 */
async function continuation(job: RenderJob, source: DecodedVideo, seed: number, facts: SourceFacts): Promise<RenderedOutput | undefined> {
  const last = await lastFrameOf(source.bytes);
  if (!last) return undefined;
  const { width, height } = job.size;
  const picture = rgba(await patternFrame(seed, width, height, facts));
  return clip(job, [{ time: continuationPictureAt(job.seconds), image: picture }], seed, fitFrame(last, width, height));
}

/** Every frame of one of the Sandbox's own clips at the asked size: a draft's or a source's composition kept. */
async function recomposed(job: RenderJob, source: DecodedVideo): Promise<RenderedOutput | undefined> {
  const own = await readOwnClip(source.bytes);
  if (!own) return undefined;
  try {
    return output(job, await encodeRescaled(own, { width: job.size.width, height: job.size.height, fps: VIDEO_FPS, seconds: job.seconds }));
  } catch {
    // Not decodable after all (a damaged or unusual clip): the caller falls back.
    return undefined;
  }
}

/**
 * gen-3-video in every mode: keyframe images from their pinned times on (i2v), or the seed's pattern from
 * the start (t2v), over a background of the seed's colour, with a moving progress bar. From one of the
 * Sandbox's own clips, v2v starts on the source's last frame and draft_enhance keeps every frame of the draft
 * at the asked size; from a clip it cannot decode, both show the seed's pattern with the source mixed in and
 * named.
 */
export async function renderVideo(job: RenderJob): Promise<RenderedOutput> {
  const source = sourceOf(job);
  const facts = source ? sourceFacts(source) : undefined;
  const seed = mixSeed(job.seed, promptOf(job), job.endpoint.id, ...(facts ? [facts.digest] : []));
  const { width, height } = job.size;
  if (source && facts && job.params.mode === 'v2v') {
    const continued = await continuation(job, source, seed, facts);
    if (continued) return continued;
  }
  if (source && job.params.mode === 'draft_enhance') {
    const enhanced = await recomposed(job, source);
    if (enhanced) return enhanced;
  }
  const keyframes: VideoKeyframe[] = [];
  for (const k of job.inputs.keyframes) keyframes.push({ time: k.time, image: rgba(await fitted(k.image, width, height)) });
  if (keyframes.length === 0) keyframes.push({ time: 0, image: rgba(await patternFrame(seed, width, height, facts)) });
  return clip(job, keyframes, seed);
}

/**
 * video-upscale-v1: a clip of the upscaled size (upscaledFrameSize) and the source's duration: every frame of
 * the source resampled when it is one of the Sandbox's own clips, else derived from its bytes as above. The
 * endpoint takes no seed, so the clip is a function of the request alone: the same source and settings give
 * the same clip.
 */
export async function renderVideoUpscale(job: RenderJob): Promise<RenderedOutput> {
  const source = sourceOf(job);
  if (source) {
    const upscaled = await recomposed(job, source);
    if (upscaled) return upscaled;
  }
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
