import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { createText } from '../../../../shared/i18n/text';
import { estimateText, pricedKey } from './estimateText';

describe('the price line before Generate', () => {
  it('says the price and where it comes from', () => {
    expect(estimateText({ cost: 3, basis: 'list', runs: 0, words: 'from the public price list' }, 1)).toBe('≈ 3 credits, from the public price list');
    expect(estimateText({ cost: 4.2, basis: 'runs', runs: 12, words: 'from your last 12 runs of this model' }, 3)).toBe('≈ 12.6 credits (3 × 4.2), from your last 12 runs of this model');
    expect(estimateText({ cost: null, basis: 'unknown', runs: 0, words: 'unknown until sent' }, 2)).toBe('Price unknown until sent');
  });

  it('says the price in the language on screen, credits and counts in its own numbers', async () => {
    const german = createText('de', await loadMessages('de'));
    const japanese = createText('ja', await loadMessages('ja'));
    const runs = { cost: 4.2, basis: 'runs', runs: 1200, words: '' } as const;
    expect(estimateText(runs, 3, german)).toBe('≈ 12,6 Credits (3 × 4,2), nach deinen letzten 1.200 Läufen dieses Modells');
    expect(estimateText({ ...runs, basis: 'list' }, 1, japanese)).toMatch(/^≈ 4\.2 .*（公開価格表から）$/);
    expect(estimateText(null, 1, japanese)).toBe('料金を見積もっています…');
  });

  it('is asked again when a size or an input changes, not at every word of the prompt', () => {
    const request = { endpointId: 'gen-2-pro', params: { prompt: 'a harbour at dawn with boats and gulls over the water', width: 1024 }, inputs: {} };
    expect(pricedKey({ ...request, params: { ...request.params, prompt: 'a harbour at dusk with boats and gulls over the water' } })).toBe(pricedKey(request));
    expect(pricedKey({ ...request, params: { ...request.params, width: 2048 } })).not.toBe(pricedKey(request));
    expect(pricedKey({ ...request, inputs: { input_image: { assetId: 'a'.repeat(64) } } })).not.toBe(pricedKey(request));
  });
});
