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
