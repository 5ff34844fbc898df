import { describe, expect, it } from 'vitest';
import { defaultFinalSize, draftSize, finalRequest, finalSizes, type DraftResult } from './finalSize';

const draft: DraftResult = {
  endpointId: 'gen-3-video',
  params: { mode: 'i2v', resolution: 'hd', prompt: 'a red door opens', duration: 2, seed: 5 },
  seed: 77,
  inputs: [
    { field: 'keyframes', assetId: 'a'.repeat(64), time: 0 },
    { field: 'keyframes', assetId: 'b'.repeat(64), time: 1.5 },
  ],
};

describe('Make final’s sizes', () => {
  it('offers only sizes with more pixels than the draft’s', () => {
    expect(finalSizes('hd')).toEqual(['fhd', 'qhd', 'uhd']);
    expect(finalSizes('qhd')).toEqual(['uhd']);
    expect(finalSizes('uhd')).toEqual([]);
  });

  it('starts on the panel’s size when it is above the draft’s, else on the first size that is', () => {
    expect(defaultFinalSize('hd', 'qhd')).toBe('qhd');
    expect(defaultFinalSize('hd', 'hd')).toBe('fhd');
    expect(defaultFinalSize('hd', undefined)).toBe('fhd');
    expect(defaultFinalSize('qhd', 'fhd')).toBe('uhd');
    expect(defaultFinalSize('uhd', 'uhd')).toBeNull();
  });

  it('reads the draft’s size from its request, the service’s draft size when it does not say', () => {
    expect(draftSize({ resolution: 'fhd' })).toBe('fhd');
    expect(draftSize({})).toBe('hd');
    expect(draftSize({ resolution: 'huge' })).toBe('hd');
  });
});

describe('the final request', () => {
  it('enhances the draft at the size chosen, keeping its keyframes, prompt, length and seed', () => {
    const request = finalRequest(draft, 'qhd', 'c'.repeat(64));
    expect(request.params).toEqual({ mode: 'draft_enhance', resolution: 'qhd', prompt: 'a red door opens', duration: 2, seed: 77 });
    expect(request.inputs).toEqual({
      video: { assetId: 'c'.repeat(64) },
      keyframes: [
        { assetId: 'a'.repeat(64), time: 0 },
        { assetId: 'b'.repeat(64), time: 1.5 },
      ],
    });
    expect(finalRequest(draft, 'fhd', null).inputs.video).toBeUndefined();
  });

  it('is never made at the draft’s size or below it', () => {
    expect(() => finalRequest(draft, 'hd', 'c'.repeat(64))).toThrow(/larger than its draft/);
    expect(() => finalRequest({ ...draft, params: { ...draft.params, resolution: 'qhd' } }, 'fhd', null)).toThrow();
  });
});
