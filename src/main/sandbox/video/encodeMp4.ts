/**
 * Real, playable MP4 clips for the sandbox's video endpoints, made in plain TypeScript (no ffmpeg, no
 * native module, the same bytes on every platform): a background colour (or a still backdrop), each keyframe
 * image shown centred from its pinned time on, and a progress bar along the bottom edge so the clip visibly
 * plays; with a sound track whose pitch follows the picture (toneFlac.ts).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { idrPicture, levelFor, mbCols, mbRows, pictureParameterSet, pPicture, sequenceParameterSet, type StreamFormat } from './h264';
import { muxMp4 } from './mp4Mux';
import { bottomRowLuma, encodeFlac, pitchOfLuma, toneSamples } from './toneFlac';
import { copyRect, createPlanes, drawImage, fillRect, macroblockColour, macroblocksOf, readMacroblock, rgbToYuv, type Planes, type Rect, type Rgb, type RgbaImage } from './yuv';

export type { RgbaImage } from './yuv';

export interface VideoKeyframe {
  /** Seconds from the start. */
  readonly time: number;
  readonly image: RgbaImage;
}

export interface VideoSpec {
  /** Even; any size, not only whole macroblocks. */
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  /** Above 0. */
  readonly seconds: number;
  /** The colour of the frames, and of everything outside the keyframe image. */
  readonly background: Rgb;
  /** From its time on, a keyframe's image is shown centred (at the size it is given, clipped to the frame). */
  readonly keyframes?: readonly VideoKeyframe[];
  /**
   * A still picture behind everything in place of the background colour, as planes of the clip's macroblock
   * size: a continuation's source's last frame. The first frame shows it untouched (no bar yet).
   */
  readonly backdrop?: Planes;
}

const BAR_COLOR: Rgb = [240, 240, 240];
/** Keyframe images are shown within this share of each side and this many pixels: uhd clips stay small. */
const KEYFRAME_SHARE = 0.6;
const KEYFRAME_MAX_PIXELS = 750_000;

const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);

/** The size to give a keyframe image of (w, h) so it fits the region a clip of (width, height) shows it in. */
export function keyframeSize(w: number, h: number, width: number, height: number): { width: number; height: number } {
  const scale = Math.min((width * KEYFRAME_SHARE) / w, (height * KEYFRAME_SHARE) / h, Math.sqrt(KEYFRAME_MAX_PIXELS / (w * h)));
  return { width: even(w * scale), height: even(h * scale) };
}

/** Where a keyframe image of the given size sits in the frame: centred, on even coordinates. */
export function keyframeRect(spec: Pick<VideoSpec, 'width' | 'height'>, image: Pick<RgbaImage, 'width' | 'height'>): Rect {
  const width = image.width & ~1;
  const height = image.height & ~1;
  return { x: Math.floor((spec.width - width) / 4) * 2, y: Math.floor((spec.height - height) / 4) * 2, width, height };
}

/** The progress bar of frame `index`: filled in proportion to the time shown. */
export function barRect(spec: Pick<VideoSpec, 'width' | 'height'>, index: number, frames: number): Rect {
  const height = even(Math.max(4, spec.height / 60));
  return { x: 0, y: spec.height - height, width: Math.min(spec.width, even((spec.width * (index + 1)) / frames)), height };
}

export const frameCount = (spec: Pick<VideoSpec, 'fps' | 'seconds'>) => Math.max(1, Math.round(spec.seconds * spec.fps));

function validate(spec: VideoSpec): void {
  const sizeOk = Number.isInteger(spec.width) && Number.isInteger(spec.height) && spec.width >= 16 && spec.height >= 16;
  if (!sizeOk || spec.width % 2 || spec.height % 2) throw new RangeError(`a video frame must be even and at least 16 x 16 (got ${spec.width} x ${spec.height})`);
  if (!(spec.fps > 0) || !(spec.seconds > 0)) throw new RangeError('a video needs a positive frame rate and duration');
}

/** The keyframe whose image is shown from frame `index` on, if one starts there (the last of several wins). */
function keyframeStarts(spec: VideoSpec, frames: number): Map<number, RgbaImage> {
  const starts = new Map<number, RgbaImage>();
  const sorted = [...(spec.keyframes ?? [])].sort((a, b) => a.time - b.time);
  for (const k of sorted) {
    const index = Math.min(frames - 1, Math.max(0, Math.ceil(k.time * spec.fps - 1e-6)));
    starts.set(index, k.image);
  }
  return starts;
}

/**
 * Pictures in, the track's samples out: the first frame as an IDR picture, each next one as a P picture that
 * sends the macroblocks it names (and only those that really changed) and skips the rest.
 */
export class PictureWriter {
  private readonly samples: Uint8Array[][] = [];
  /** Each frame's pitch, from its picture as written. */
  private readonly pitches: number[] = [];
  private readonly format: StreamFormat;

  constructor(private readonly spec: Pick<VideoSpec, 'width' | 'height' | 'fps'>) {
    this.format = { width: spec.width, height: spec.height, fps: spec.fps };
  }

  get count(): number {
    return this.samples.length;
  }

  first(planes: Planes): void {
    this.samples.push([idrPicture(this.format, planes, flatMacroblocks(planes))]);
    this.hear(planes);
  }

  private hear(planes: Planes): void {
    this.pitches.push(pitchOfLuma(bottomRowLuma(planes, this.spec.width, this.spec.height)));
  }

  /** `changed`: ascending macroblocks that may differ from the previous picture, read before they were painted. */
  next(planes: Planes, changed: readonly number[]): void {
    this.samples.push([pPicture(this.format, planes, this.samples.length, changed)]);
    this.hear(planes);
  }

  mux(): Promise<Uint8Array> {
    return muxMp4({
      width: this.spec.width,
      height: this.spec.height,
      fps: this.spec.fps,
      level: levelFor(this.format),
      sps: sequenceParameterSet(this.format),
      pps: pictureParameterSet(),
      samples: this.samples,
      sound: encodeFlac(toneSamples(this.pitches, this.spec.fps)),
    });
  }
}

function* encodeFrames(spec: VideoSpec): Generator<void, PictureWriter> {
  validate(spec);
  const format: StreamFormat = { width: spec.width, height: spec.height, fps: spec.fps };
  const cols = mbCols(format);
  const planes: Planes = createPlanes(cols * 16, mbRows(format) * 16);
  const bg = rgbToYuv(...spec.background);
  const bar = rgbToYuv(...BAR_COLOR);
  const frames = frameCount(spec);
  const starts = keyframeStarts(spec, frames);
  const writer = new PictureWriter(spec);
  const backdrop = spec.backdrop && spec.backdrop.width === planes.width && spec.backdrop.height === planes.height ? spec.backdrop : undefined;
  // What lies under a keyframe image that moves away: the backdrop, or the background colour.
  const restore = (rect: Rect) => (backdrop ? copyRect(backdrop, planes, rect) : fillRect(planes, rect, bg));

  if (backdrop) copyRect(backdrop, planes, { x: 0, y: 0, width: planes.width, height: planes.height });
  else fillRect(planes, { x: 0, y: 0, width: planes.width, height: planes.height }, bg);
  let shown: Rect | undefined;
  const first = starts.get(0);
  if (first) {
    shown = keyframeRect(spec, first);
    drawImage(planes, first, shown.x, shown.y, spec.background);
  }
  // Over a backdrop the first frame is the backdrop itself (a continuation starts exactly where its source
  // ended); the bar starts on the next frame, over a band of the background colour.
  let barWidth = backdrop ? 0 : barRect(spec, 0, frames).width;
  if (!backdrop) fillRect(planes, barRect(spec, 0, frames), bar);
  writer.first(planes);
  yield;

  for (let index = 1; index < frames; index++) {
    const touched = new Set<number>();
    const paints: (() => void)[] = [];
    const next = starts.get(index);
    const nowBar = barRect(spec, index, frames);
    if (backdrop && index === 1) {
      const band = { x: 0, y: nowBar.y, width: planes.width, height: nowBar.height };
      for (const mb of macroblocksOf(planes, band)) touched.add(mb);
      paints.push(() => {
        fillRect(planes, band, bg);
        fillRect(planes, nowBar, bar);
      });
    }
    if (next) {
      const rect = keyframeRect(spec, next);
      const was = shown;
      for (const mb of [...(was ? macroblocksOf(planes, was) : []), ...macroblocksOf(planes, rect), ...macroblocksOf(planes, nowBar)]) touched.add(mb);
      paints.push(() => {
        if (was) restore(was);
        drawImage(planes, next, rect.x, rect.y, spec.background);
        fillRect(planes, nowBar, bar);
      });
      shown = rect;
    } else if (nowBar.width > barWidth) {
      const grown = { ...nowBar, x: barWidth, width: nowBar.width - barWidth };
      for (const mb of macroblocksOf(planes, grown)) touched.add(mb);
      paints.push(() => fillRect(planes, grown, bar));
    }
    barWidth = nowBar.width;
    const candidates = [...touched].sort((a, b) => a - b);
    const before = new Uint8Array(candidates.length * 384);
    candidates.forEach((mb, i) => readMacroblock(planes, mb, before, i * 384));
    for (const paint of paints) paint();
    const after = new Uint8Array(384);
    const changed = candidates.filter((mb, i) => {
      readMacroblock(planes, mb, after);
      return !sameBytes(after, before, i * 384);
    });
    writer.next(planes, changed);
    yield;
  }
  return writer;
}

function sameBytes(a: Uint8Array, b: Uint8Array, at: number): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[at + i]) return false;
  return true;
}

/**
 * Which macroblocks of the first picture can be sent as a few bits of Intra16x16 DC prediction: those of one
 * colour whose available left and top neighbours are wholly that colour too, so the prediction reproduces it
 * exactly. A macroblock with no neighbour is sent as PCM.
 */
function flatMacroblocks(p: Planes): Uint8Array {
  const cols = p.width / 16;
  const total = cols * (p.height / 16);
  const colours = Array.from({ length: total }, (_, mb) => macroblockColour(p, mb));
  const same = (a: number, b: number) => {
    const x = colours[a];
    const y = colours[b];
    return x !== undefined && y !== undefined && x.y === y.y && x.cb === y.cb && x.cr === y.cr;
  };
  const flat = new Uint8Array(total);
  for (let mb = 0; mb < total; mb++) {
    const hasLeft = mb % cols > 0;
    const hasTop = mb >= cols;
    if (!colours[mb] || (!hasLeft && !hasTop)) continue;
    if ((hasLeft && !same(mb, mb - 1)) || (hasTop && !same(mb, mb - cols))) continue;
    flat[mb] = 1;
  }
  return flat;
}

/** Encodes a clip in one go (the muxing is asynchronous). */
export function encodeMp4(spec: VideoSpec): Promise<Uint8Array> {
  const frames = encodeFrames(spec);
  for (;;) {
    const step = frames.next();
    if (step.done) return step.value.mux();
  }
}

/** Encodes a clip, giving the event loop a turn between frames: the sandbox runs in the app's main process. */
export async function encodeMp4Async(spec: VideoSpec, framesPerTurn = 1): Promise<Uint8Array> {
  const frames = encodeFrames(spec);
  for (let n = 1; ; n++) {
    const step = frames.next();
    if (step.done) return step.value.mux();
    if (n % framesPerTurn === 0) await nextTurn();
  }
}
