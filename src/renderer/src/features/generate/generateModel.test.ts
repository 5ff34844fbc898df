import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../../shared/catalog/catalog';
import type { AssetInfo } from '../../../../shared/ipc/contract';
import { clientIssues, limitAdvice, toTaskRequest, visibleIssues } from './generateModel';

const asset = (id: string, width: number, height: number): AssetInfo => ({
  id: id.repeat(64),
  name: `${id}.png`,
  mime: 'image/png',
  bytes: 1000,
  width,
  height,
  hasAlpha: false,
  url: '',
  thumbnailUrl: '',
  kind: 'image',
  seconds: null,
  frames: null,
  fps: null,
  hasPoster: true,
});

describe('the generate form model', () => {
  it('sends plain values as parameters and chosen images by asset id', () => {
    const fill = getEndpoint('gen-pro-1.0-fill');
    const request = toTaskRequest(fill, { prompt: 'sky', steps: undefined, guidance: 30 }, { image: asset('a', 512, 512), mask: undefined });
    expect(request).toEqual({ endpointId: 'gen-pro-1.0-fill', params: { prompt: 'sky', guidance: 30 }, inputs: { image: { assetId: 'a'.repeat(64) } } });
  });

  it('validates with the sizes of the chosen images', () => {
    const fill = getEndpoint('gen-pro-1.0-fill');
    const issues = clientIssues(fill, {}, { image: asset('a', 512, 512), mask: asset('b', 256, 256) });
    expect(issues.map((i) => i.loc)).toEqual([['body', 'mask']]);
    expect(clientIssues(fill, {}, {}).map((i) => [i.loc, i.type])).toEqual([[['body', 'image'], 'missing']]);
  });

  it('shows a field’s issues once touched, all after an attempt, and returned issues until the field changes', () => {
    const client = [
      { loc: ['body', 'width'], msg: 'Input should be a multiple of 32', type: 'multiple_of' },
      { loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' },
    ];
    const returned = [{ loc: ['body', 'seed'], msg: 'too big', type: 'value_error' }];
    const none = new Set<string>();
    expect(visibleIssues(client, { touched: new Set(['width']), attempted: false, returned: [], editedSince: none }).map((i) => i.loc[1])).toEqual(['width']);
    expect(visibleIssues(client, { touched: none, attempted: true, returned, editedSince: none }).map((i) => i.loc[1])).toEqual(['width', 'prompt', 'seed']);
    expect(visibleIssues([], { touched: none, attempted: false, returned, editedSince: new Set(['seed']) })).toEqual([]);
  });

  it('knows an image over an endpoint’s input limit, and one the service will downscale', () => {
    expect(limitAdvice(getEndpoint('deblur-v1'), { width: 3000, height: 2000 })).toEqual({ kind: 'over', megapixels: 6, max: 4 });
    expect(limitAdvice(getEndpoint('deblur-v1'), { width: 2000, height: 2000 })).toBeNull();
    expect(limitAdvice(getEndpoint('vto-v1'), { width: 2000, height: 1500 })).toEqual({ kind: 'service-downscales', megapixels: 3, above: 2, to: 1 });
    expect(limitAdvice(getEndpoint('gen-dev'), { width: 9000, height: 9000 })).toBeNull();
  });
});
