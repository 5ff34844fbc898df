/**
 * How fast the sandbox's MP4 generator makes the longest clips it is asked for (20 s, 10 keyframes) at every
 * resolution class, how big they are, and the longest it holds the event loop. Prints figures; asserts nothing.
 *
 *   npx tsx bench/videoEncode.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { VIDEO_FRAME_SIZES, VIDEO_RESOLUTIONS } from '../src/shared/catalog/video';
import { encodeMp4Async, keyframeSize } from '../src/main/sandbox/video/encodeMp4';
import { solidImage } from '../src/main/sandbox/testing/solidImage';

const rows: string[] = [];
for (const resolution of VIDEO_RESOLUTIONS) {
  const { width, height } = VIDEO_FRAME_SIZES[resolution];
  const region = keyframeSize(1920, 1080, width, height);
  // Noise, not flat colour: the keyframes cost what real pictures cost.
  const keyframes = Array.from({ length: 10 }, (_, i) => {
    const image = solidImage(region.width, region.height, [i * 20, 90, 200 - i * 15]);
    for (let p = 0; p < image.rgba.length; p += 4) image.rgba[p] = (p * 2654435761 + i) >>> 24;
    return { time: i * 2, image };
  });
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  const bytes = await encodeMp4Async({ width, height, fps: 24, seconds: 20, background: [20, 40, 90], keyframes });
  const ms = performance.now() - started;
  histogram.disable();
  rows.push(
    `${resolution.padEnd(4)} ${`${width}x${height}`.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms ${(bytes.length / 1e6).toFixed(2).padStart(6)} MB   longest event-loop stall ${(histogram.max / 1e6).toFixed(1)} ms`,
  );
}
console.log('20 s at 24 fps, 10 keyframes (keyframe region %s)', 'up to 60% of each side and 0.75 MP');
for (const row of rows) console.log(row);
