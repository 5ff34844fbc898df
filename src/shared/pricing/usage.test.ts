import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import type { AssetFacts } from '../tasks/taskRequest';
import { expectedUsage } from './usage';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const facts: Record<string, AssetFacts> = {
  [A]: { width: 1024, height: 1024, hasAlpha: false, kind: 'image' },
  [B]: { width: 2048, height: 1024, hasAlpha: false, kind: 'image' },
  [C]: { width: 1280, height: 720, hasAlpha: false, kind: 'video', seconds: 4 },
};
const lookup = (id: string) => facts[id];

describe('what a request is priced on', () => {
  it('counts every image sent in, and the output size the request asks for', () => {
    const pro = getEndpoint('gen-2-pro');
    expect(expectedUsage(pro, { params: { prompt: 'x', width: 1440, height: 1440 }, inputs: {} }, lookup)).toEqual({ inputMp: 0, outputMp: 2.07, seconds: 0 });
    const edit = expectedUsage(pro, { params: { prompt: 'x' }, inputs: { input_image: { assetId: A }, input_image_2: { assetId: B } } }, lookup);
    expect(edit.inputMp).toBe(3.15);
  });

  it('takes a video’s length from the request, and an upscale’s from the clip it sends', () => {
    expect(expectedUsage(getEndpoint('gen-3-video'), { params: { prompt: 'x', duration: 8, resolution: 'hd' }, inputs: {} }, lookup)).toMatchObject({ seconds: 8, outputMp: 0.94 });
    const up = expectedUsage(getEndpoint('video-upscale-v1'), { params: {}, inputs: { video: { assetId: C } } }, lookup);
    expect(up.seconds).toBe(4);
    expect(up.inputMp).toBe(0);
    expect(up.outputMp).toBeGreaterThan(0.94);
  });

  it('reads keyframes as images in', () => {
    const u = expectedUsage(getEndpoint('gen-3-video'), { params: { prompt: 'x', mode: 'i2v' }, inputs: { keyframes: [{ assetId: A, time: 0 }, { assetId: A, time: 2 }] } }, lookup);
    expect(u.inputMp).toBe(2.1);
  });
});
