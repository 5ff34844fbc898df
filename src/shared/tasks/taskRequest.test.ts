import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import { validateTaskRequest } from './taskRequest';

const id = (c: string) => c.repeat(64);

describe('validateTaskRequest', () => {
  const facts = new Map([
    [id('a'), { width: 1024, height: 768, hasAlpha: false }],
    [id('b'), { width: 1024, height: 768, hasAlpha: false }],
    [id('c'), { width: 512, height: 512, hasAlpha: false }],
  ]);
  const fill = getEndpoint('gen-pro-1.0-fill');

  it('checks media rules with sizes from the asset store', () => {
    expect(validateTaskRequest(fill, { params: { prompt: 'x' }, inputs: { image: { assetId: id('a') }, mask: { assetId: id('b') } } }, (a) => facts.get(a))).toEqual([]);
    const issues = validateTaskRequest(fill, { params: {}, inputs: { image: { assetId: id('a') }, mask: { assetId: id('c') } } }, (a) => facts.get(a));
    expect(issues.map((i) => i.loc)).toEqual([['body', 'mask']]);
  });

  it('reports a missing required input as the service would', () => {
    expect(validateTaskRequest(fill, { params: {}, inputs: {} }, () => undefined).map((i) => [i.loc, i.type])).toEqual([
      [['body', 'image'], 'missing'],
    ]);
  });

  it('checks keyframes against the clip', () => {
    const video = getEndpoint('gen-3-video');
    const issues = validateTaskRequest(
      video,
      { params: { mode: 'i2v', duration: 4 }, inputs: { keyframes: [{ assetId: id('a'), time: 0 }, { assetId: id('b'), time: 5 }] } },
      (a) => facts.get(a),
    );
    expect(issues.map((i) => i.loc)).toEqual([['body', 'keyframes', 1, 'time']]);
  });
});

describe('video sources from the asset store', () => {
  const video = getEndpoint('gen-3-video');
  const clip = (seconds: number) => ({ width: 1280, height: 736, hasAlpha: false, bytes: 4_000_000, seconds, kind: 'video' as const });

  it('holds a continuation’s source to 15 s, saying its length, but not a draft being enhanced', () => {
    const facts = (s: number) => () => clip(s);
    const continuation = validateTaskRequest(video, { params: { mode: 'v2v', duration: 5 }, inputs: { video: { assetId: id('a') } } }, facts(15.04));
    expect(continuation.map((i) => i.msg)).toEqual(['This clip is 15.04 s long; a continuation can start from at most 15 s.']);
    expect(validateTaskRequest(video, { params: { mode: 'v2v', duration: 5 }, inputs: { video: { assetId: id('a') } } }, facts(15))).toEqual([]);
    expect(validateTaskRequest(video, { params: { mode: 'draft_enhance', duration: 20 }, inputs: { video: { assetId: id('a') } } }, facts(18))).toEqual([]);
  });

  it('refuses a clip where a picture belongs and a picture where a clip belongs', () => {
    const picture = { width: 64, height: 64, hasAlpha: false, bytes: 100, kind: 'image' as const };
    expect(validateTaskRequest(video, { params: { mode: 'v2v', duration: 5 }, inputs: { video: { assetId: id('a') } } }, () => picture).map((i) => i.msg)).toEqual([
      'This takes a video clip, not a picture.',
    ]);
    expect(
      validateTaskRequest(video, { params: { mode: 'i2v', duration: 5 }, inputs: { keyframes: [{ assetId: id('a'), time: 1 }] } }, () => clip(3)).map((i) => i.msg),
    ).toEqual(['This takes a picture, not a video clip; use a frame of it instead.']);
  });
});
