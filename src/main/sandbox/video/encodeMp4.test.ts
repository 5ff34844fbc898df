import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { readMp4Info } from '../../../shared/media/mp4';
import { solidImage as solid } from '../testing/solidImage';
import { barRect, encodeMp4, frameCount, keyframeRect, keyframeSize, type VideoSpec } from './encodeMp4';
import { sequenceParameterSet } from './h264';


/** Top-level and nested box types in file order, to check the layout. */
function boxTypes(bytes: Uint8Array, start = 0, end = bytes.length): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const out: string[] = [];
  for (let at = start; at < end; ) {
    const size = view.getUint32(at);
    out.push(String.fromCharCode(...bytes.subarray(at + 4, at + 8)));
    at += size;
  }
  return out;
}

const spec = (over: Partial<VideoSpec> = {}): VideoSpec => ({ width: 320, height: 192, fps: 24, seconds: 1, background: [20, 40, 160], ...over });

describe('encodeMp4', () => {
  it.each([
    [320, 192, 1],
    [1282, 730, 1], // not whole macroblocks: the SPS crops
    [1280, 736, 20],
  ])('writes a %i x %i, %i s clip whose header and sample tables read back', async (width, height, seconds) => {
    const bytes = await encodeMp4(spec({ width, height, seconds, keyframes: [{ time: seconds / 2, image: solid(64, 48, [200, 30, 30]) }] }));
    expect(readMp4Info(bytes)).toEqual({ width, height, seconds, frames: seconds * 24, fps: 24, codec: 'avc1' });
    // faststart: the index comes before the media data.
    expect(boxTypes(bytes)).toEqual(['ftyp', 'moov', 'mdat']);
  });

  it('carries a FLAC sound track as long as the picture, read back by mediabunny', async () => {
    const input = new Input({ source: new BufferSource(await encodeMp4(spec({ seconds: 3 }))), formats: ALL_FORMATS });
    const [video] = await input.getVideoTracks();
    const [audio] = await input.getAudioTracks();
    expect(video?.codec).toBe('avc');
    expect(audio?.codec).toBe('flac');
    expect(audio!.sampleRate).toBe(24_000);
    expect(audio!.numberOfChannels).toBe(1);
    expect(Math.abs((await audio!.computeDuration()) - (await video!.computeDuration()))).toBeLessThan(0.001);
    expect(await video!.computeDuration()).toBeCloseTo(3, 3);
  });

  it('makes the same bytes for the same spec, and other bytes for another', async () => {
    const keyframes = [{ time: 0.25, image: solid(40, 40, [10, 200, 10]) }];
    const a = await encodeMp4(spec({ keyframes }));
    expect(Buffer.compare(Buffer.from(a), Buffer.from(await encodeMp4(spec({ keyframes }))))).toBe(0);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(await encodeMp4(spec({ keyframes, background: [0, 0, 0] }))))).not.toBe(0);
  });

  it('declares Constrained Baseline, a level that admits the size, and cropping only when needed', () => {
    const whole = sequenceParameterSet({ width: 1920, height: 1088, fps: 24 });
    expect([...whole.subarray(0, 4)]).toEqual([0x67, 66, 0xc0, 40]);
    const uhd = sequenceParameterSet({ width: 3840, height: 2176, fps: 24 });
    expect(uhd[3]).toBe(51);
    expect(sequenceParameterSet({ width: 1282, height: 730, fps: 24 }).length).toBeGreaterThan(whole.length);
  });

  it('keeps a long uhd clip with ten keyframes small: P frames send only what changed', async () => {
    const region = keyframeSize(1600, 900, 3840, 2176);
    const keyframes = Array.from({ length: 10 }, (_, i) => ({ time: i * 2, image: solid(region.width, region.height, [i * 20, 100, 200 - i * 15]) }));
    const bytes = await encodeMp4(spec({ width: 3840, height: 2176, seconds: 20, keyframes }));
    expect(readMp4Info(bytes)).toMatchObject({ width: 3840, height: 2176, frames: 480 });
    expect(bytes.length).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses an odd or tiny frame and a clip without length, with a message', () => {
    expect(() => encodeMp4(spec({ width: 321 }))).toThrow(/even/);
    expect(() => encodeMp4(spec({ height: 8 }))).toThrow(/16 x 16/);
    expect(() => encodeMp4(spec({ seconds: 0 }))).toThrow(/duration/);
  });

  it('places keyframes centred within a bounded region, and the bar grows to the full width', () => {
    const size = keyframeSize(4000, 3000, 1280, 736);
    expect(size.height).toBeLessThanOrEqual(736 * 0.6);
    expect(size.width % 2 + (size.height % 2)).toBe(0);
    expect(keyframeRect({ width: 1280, height: 736 }, { width: 400, height: 300 })).toEqual({ x: 440, y: 218, width: 400, height: 300 });
    const frames = frameCount({ fps: 24, seconds: 2 });
    expect(barRect({ width: 1280, height: 736 }, frames - 1, frames).width).toBe(1280);
    expect(barRect({ width: 1280, height: 736 }, 0, frames).width).toBeLessThan(40);
  });
});
