import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import { loadMessages } from '../i18n/catalog';
import { createText } from '../i18n/text';
import { validateTaskRequest } from '../tasks/taskRequest';
import { upscaleBytesProblem, upscaleRequest, upscaleSourceProblems } from './upscale';

const fine = { bytes: 10e6, width: 1280, height: 736, seconds: 4 };

describe('upscale source limits', () => {
  it('takes a clip inside every limit, the limits themselves included', () => {
    expect(upscaleSourceProblems(fine)).toEqual([]);
    expect(upscaleSourceProblems({ bytes: 50e6, width: 2560, height: 1440, seconds: 20 })).toEqual([]);
  });

  it('says each limit a clip breaks, in words, with its figures', () => {
    expect(upscaleSourceProblems({ ...fine, bytes: 62.3e6 })).toEqual(['This clip is 62.3 MB; video upscaling takes at most 50 MB.']);
    expect(upscaleSourceProblems({ ...fine, width: 2576, height: 1456 })).toEqual(['This clip is 2576 × 1456; video upscaling takes at most 2560 × 1440.']);
    expect(upscaleSourceProblems({ ...fine, seconds: 24 })).toEqual(['This clip is 24.0 s long; video upscaling takes at most 20 s.']);
    expect(upscaleSourceProblems({ bytes: 51e6, width: 3840, height: 2176, seconds: 21 })).toHaveLength(3);
    expect(upscaleBytesProblem(50e6 + 1)).toMatch(/^This clip is 50\.0\d* MB/);
    expect(upscaleBytesProblem(50e6)).toBeNull();
  });
});

describe('upscale source limits in the language on screen', () => {
  it('says each broken limit in German and Japanese, with the language’s decimal mark', async () => {
    const german = createText('de', await loadMessages('de'));
    const japanese = createText('ja', await loadMessages('ja'));
    expect(upscaleSourceProblems({ ...fine, bytes: 62.3e6 }, german)).toEqual(['Dieser Clip hat 62,3 MB; die Videovergrößerung nimmt höchstens 50 MB.']);
    expect(upscaleSourceProblems({ ...fine, seconds: 20.04 }, german)).toEqual(['Dieser Clip ist 20,04 s lang; die Videovergrößerung nimmt höchstens 20 s.']);
    expect(upscaleSourceProblems({ ...fine, width: 2576, height: 1456 }, japanese)).toEqual(['このクリップは 2576 × 1456 です。動画の高解像度化で使えるのは 2560 × 1440 までです。']);
    expect(upscaleBytesProblem(51e6, japanese)).toBe('このクリップは 51.0 MB あります。動画の高解像度化で使えるのは 50 MB までです。');
  });
});

describe('upscale request', () => {
  it('sends the clip, the factor, creative as 1 and the prompt, and passes the catalog’s validation', () => {
    const request = upscaleRequest({ factor: 2.5, creative: true, prompt: '  crisp leaves ' }, 'a'.repeat(64));
    expect(request).toEqual({ endpointId: 'video-upscale-v1', params: { upscale_factor: 2.5, creativity: 1, prompt: 'crisp leaves' }, inputs: { video: { assetId: 'a'.repeat(64) } } });
    const facts = () => ({ width: 1280, height: 736, hasAlpha: false, bytes: 1e6, seconds: 4 });
    expect(validateTaskRequest(getEndpoint('video-upscale-v1'), request, facts)).toEqual([]);
  });

  it('sends precise as 0, leaves an empty prompt out, and keeps the factor in its range', () => {
    expect(upscaleRequest({ factor: 9, creative: false, prompt: ' ' }, 'b'.repeat(64)).params).toEqual({ upscale_factor: 3, creativity: 0 });
    expect(upscaleRequest({ factor: 1, creative: false, prompt: '' }, 'b'.repeat(64)).params.upscale_factor).toBe(1.5);
  });
});
