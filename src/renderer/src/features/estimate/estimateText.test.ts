import { describe, expect, it } from 'vitest';
import { estimateText, pricedKey } from './estimateText';

describe('the price line before Generate', () => {
  it('says the price and where it comes from', () => {
    expect(estimateText({ cost: 3, basis: 'list', runs: 0, words: 'from the public price list' }, 1)).toBe('≈ 3 credits, from the public price list');
    expect(estimateText({ cost: 4.2, basis: 'runs', runs: 12, words: 'from your last 12 runs of this model' }, 3)).toBe('≈ 12.6 credits (3 × 4.2), from your last 12 runs of this model');
    expect(estimateText({ cost: null, basis: 'unknown', runs: 0, words: 'unknown until sent' }, 2)).toBe('Price unknown until sent');
  });

  it('is asked again when a size or an input changes, not at every word of the prompt', () => {
    const request = { endpointId: 'gen-2-pro', params: { prompt: 'a harbour at dawn with boats and gulls over the water', width: 1024 }, inputs: {} };
    expect(pricedKey({ ...request, params: { ...request.params, prompt: 'a harbour at dusk with boats and gulls over the water' } })).toBe(pricedKey(request));
    expect(pricedKey({ ...request, params: { ...request.params, width: 2048 } })).not.toBe(pricedKey(request));
    expect(pricedKey({ ...request, inputs: { input_image: { assetId: 'a'.repeat(64) } } })).not.toBe(pricedKey(request));
  });
});
