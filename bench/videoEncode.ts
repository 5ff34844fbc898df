/**
 * How fast the sandbox's MP4 generator makes the longest clips it is asked for (20 s, 10 keyframes, with their
 * tone sound track) at every resolution class, how big they are, and the longest it holds the event loop; then
 * how fast it answers “Make final” (a 20 s hd draft enhanced to each resolution, every frame resampled) and
 * finds a continuation's first frame (the last frame of a 15 s clip). Prints figures; asserts nothing.
 *
 *   npx tsx bench/videoEncode.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { VIDEO_FRAME_SIZES, VIDEO_RESOLUTIONS } from '../src/shared/catalog/video';
import { lastFrameOf, readOwnClip } from '../src/main/sandbox/video/decodeOwn';
import { encodeMp4Async, keyframeSize } from '../src/main/sandbox/video/encodeMp4';
import { encodeRescaled } from '../src/main/sandbox/video/rescale';
import { solidImage } from '../src/main/sandbox/testing/solidImage';

/** Runs `work` and returns its result, its time and the longest event-loop stall while it ran. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; stall: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  histogram.disable();
  return { value, ms, stall: histogram.max / 1e6 };
}

const rows: string[] = [];
const clips = new Map<string, Uint8Array>();
for (const resolution of VIDEO_RESOLUTIONS) {
  const { width, height } = VIDEO_FRAME_SIZES[resolution];
  const region = keyframeSize(1920, 1080, width, height);
  // Noise, not flat colour: the keyframes cost what real pictures cost.
  const keyframes = Array.from({ length: 10 }, (_, i) => {
    const image = solidImage(region.width, region.height, [i * 20, 90, 200 - i * 15]);
    for (let p = 0; p < image.rgba.length; p += 4) image.rgba[p] = (p * 2654435761 + i) >>> 24;
    return { time: i * 2, image };
  });
  const { value: bytes, ms, stall } = await measured(() => encodeMp4Async({ width, height, fps: 24, seconds: 20, background: [20, 40, 90], keyframes }));
  clips.set(resolution, bytes);
  rows.push(`${resolution.padEnd(4)} ${`${width}x${height}`.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms ${(bytes.length / 1e6).toFixed(2).padStart(6)} MB   longest event-loop stall ${stall.toFixed(1)} ms`);
}
console.log('20 s at 24 fps, 10 keyframes, tone sound track (keyframe region %s)', 'up to 60% of each side and 0.75 MP');
for (const row of rows) console.log(row);

console.log('\nMake final: the 20 s hd draft above enhanced, every frame resampled');
const draft = (await readOwnClip(clips.get('hd')!))!;
for (const resolution of VIDEO_RESOLUTIONS.filter((r) => r !== 'hd')) {
  const { width, height } = VIDEO_FRAME_SIZES[resolution];
  const { value: bytes, ms, stall } = await measured(() => encodeRescaled(draft, { width, height, fps: 24, seconds: 20 }));
  console.log(`${resolution.padEnd(4)} ${`${width}x${height}`.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms ${(bytes.length / 1e6).toFixed(2).padStart(6)} MB   longest event-loop stall ${stall.toFixed(1)} ms`);
}

console.log('\nContinue a video: the last frame of a 20 s clip, decoded');
for (const resolution of VIDEO_RESOLUTIONS) {
  const { ms, stall } = await measured(() => lastFrameOf(clips.get(resolution)!));
  console.log(`${resolution.padEnd(4)} ${ms.toFixed(0).padStart(6)} ms   longest event-loop stall ${stall.toFixed(1)} ms`);
}
