import { describe, expect, it } from 'vitest';
import { solidImage as solid } from '../testing/solidImage';
import { lastFrameOf, readOwnClip } from './decodeOwn';
import { encodeMp4 } from './encodeMp4';
import { encodeRescaled } from './rescale';
import { clonePlanes, createPlanes, rgbToYuv, scalePlanes, type Planes } from './yuv';

const blue = [20, 40, 160] as const;
const red = [220, 30, 30] as const;

const lumaAt = (p: Planes, x: number, y: number) => p.y[y * p.width + x]!;

async function frames(bytes: Uint8Array): Promise<Planes[]> {
  const clip = await readOwnClip(bytes);
  if (!clip) throw new Error('not an own clip');
  const out: Planes[] = [];
  for await (const f of clip.decode()) out.push(clonePlanes(f.planes));
  return out;
}

describe('reading the Sandbox’s own clips', () => {
  it('decodes every frame: the background before a keyframe, the keyframe after it, the bar growing', async () => {
    const bytes = await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: blue, keyframes: [{ time: 0.5, image: solid(96, 64, red) }] });
    const all = await frames(bytes);
    expect(all).toHaveLength(24);
    const bg = rgbToYuv(...blue);
    const fg = rgbToYuv(...red);
    expect(lumaAt(all[0]!, 160, 96)).toBe(bg.y);
    expect(lumaAt(all[0]!, 2, 2)).toBe(bg.y);
    expect(lumaAt(all[0]!, 300, 20)).toBe(bg.y);
    expect(lumaAt(all[11]!, 160, 96)).toBe(bg.y);
    expect(lumaAt(all[12]!, 160, 96)).toBe(fg.y);
    expect(lumaAt(all[23]!, 160, 96)).toBe(fg.y);
    // The bar (light) reaches 80% of the width only late in the clip.
    expect(lumaAt(all[2]!, 256, 190)).toBe(bg.y);
    expect(lumaAt(all[23]!, 256, 190)).toBeGreaterThan(200);
  });

  it('reads the first picture’s flat macroblocks by DC prediction, whatever their colour', async () => {
    // A keyframe image as large as the frame: its inside is flat macroblocks of red, not of the background.
    const bytes = await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 0.5, background: blue, keyframes: [{ time: 0, image: solid(320, 192, red) }] });
    const [first] = await frames(bytes);
    const fg = rgbToYuv(...red);
    for (const [x, y] of [[40, 40], [150, 90], [250, 60]] as const) {
      expect(lumaAt(first!, x, y)).toBe(fg.y);
      expect(first!.cb[(y / 2) * (first!.width / 2) + x / 2]).toBe(fg.cb);
      expect(first!.cr[(y / 2) * (first!.width / 2) + x / 2]).toBe(fg.cr);
    }
  });

  it('answers undefined for a clip of another encoder (its parameter sets differ)', async () => {
    const bytes = Buffer.from(await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 0.5, background: blue }));
    // Another level in the SPS, as another encoder might choose: the file still reads as an MP4.
    const sps = bytes.indexOf(Buffer.from([0x67, 66, 0xc0]));
    bytes[sps + 3] = 51;
    expect(await readOwnClip(bytes)).toBeUndefined();
    expect(await lastFrameOf(bytes)).toBeUndefined();
  });

  it('rescales a clip frame by frame: each frame is its source frame resampled, sending only what changed', async () => {
    const source = await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: blue, keyframes: [{ time: 0.25, image: solid(64, 48, red) }, { time: 0.75, image: solid(48, 64, [30, 200, 40]) }] });
    const own = await readOwnClip(source);
    const bytes = await encodeRescaled(own!, { width: 800, height: 480, fps: 24, seconds: 1 });
    const from = await frames(source);
    const to = await frames(bytes);
    expect(to).toHaveLength(24);
    for (const k of [0, 5, 6, 12, 18, 23]) {
      const expected = createPlanes(to[k]!.width, to[k]!.height);
      scalePlanes(from[k]!, 320, 192, expected, 800, 480);
      expect(Buffer.compare(Buffer.from(to[k]!.y.subarray(0, 800 * 480)), Buffer.from(expected.y.subarray(0, 800 * 480))), `frame ${k}`).toBe(0);
      expect(Buffer.compare(Buffer.from(to[k]!.cb), Buffer.from(expected.cb)), `frame ${k}`).toBe(0);
    }
  });
});
