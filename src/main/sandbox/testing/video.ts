import { encodeMp4 } from '../video/encodeMp4';

let cached: string | undefined;

/** A real one-second H.264 MP4 (320 x 192, 24 fps) as base64, for requests that take a video. */
export async function sampleVideo(): Promise<string> {
  cached ??= Buffer.from(encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: [30, 60, 120] })).toString('base64');
  return cached;
}
