import { encodeMp4, type VideoSpec } from '../video/encodeMp4';

let cached: Promise<string> | undefined;

/** A real one-second H.264 MP4 (320 x 192, 24 fps) as base64, for requests that take a video. */
export function sampleVideo(): Promise<string> {
  cached ??= videoBase64();
  return cached;
}

/** Another real H.264 MP4 as base64: the sample's settings with any of them changed. */
export async function videoBase64(spec: Partial<VideoSpec> = {}): Promise<string> {
  return Buffer.from(await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: [30, 60, 120], ...spec })).toString('base64');
}
