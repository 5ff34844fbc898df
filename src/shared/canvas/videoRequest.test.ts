import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import { loadMessages } from '../i18n/catalog';
import { createText } from '../i18n/text';
import { validateTaskRequest } from '../tasks/taskRequest';
import { emptyDocument, type CanvasDocument, type ImageRef } from './document';
import { canvasRequest, isCanvasField } from './request';
import { VIDEO_ENDPOINT_ID } from './timeline';
import { sourceRefusal, videoRefusal } from './videoChecks';

const image = (c: string): ImageRef => ({ assetId: c.repeat(64), name: `${c}.png`, width: 64, height: 36 });
const video = (values: Record<string, string | number>, timeline: Partial<CanvasDocument['timeline']> = {}): CanvasDocument => ({
  ...emptyDocument(VIDEO_ENDPOINT_ID),
  intent: 'video',
  formValues: { [VIDEO_ENDPOINT_ID]: { prompt: 'a kite', ...values } },
  timeline: { keyframes: [], source: null, ...timeline },
});
const endpoint = getEndpoint(VIDEO_ENDPOINT_ID);
const keyframes = [
  { id: 'k1', image: image('a'), frame: 0 },
  { id: 'k2', image: image('b'), frame: 61 },
  { id: 'k3', image: image('c'), frame: 119 },
];
const source = { assetId: 'd'.repeat(64), name: 'clip.mp4', seconds: 6, resultId: null };

describe('the video request from the timeline', () => {
  it('from keyframes: sends each keyframe at its frame’s time in seconds, in time order, with the mode and length', () => {
    const request = canvasRequest(endpoint, video({ mode: 'i2v', duration: 5 }, { keyframes }));
    expect(request.params).toMatchObject({ mode: 'i2v', duration: 5, prompt: 'a kite' });
    expect(request.inputs.keyframes).toEqual([
      { assetId: 'a'.repeat(64), time: 0 },
      { assetId: 'b'.repeat(64), time: 61 / 24 },
      { assetId: 'c'.repeat(64), time: 119 / 24 },
    ]);
    expect(request.inputs.video).toBeUndefined();
    expect(validateTaskRequest(endpoint, request, () => ({ width: 64, height: 36, hasAlpha: false, bytes: 10 }))).toEqual([]);
  });

  it('from text leaves the keyframes out; continue sends the source video and no keyframes', () => {
    expect(canvasRequest(endpoint, video({ mode: 't2v' }, { keyframes })).inputs).toEqual({});
    expect(canvasRequest(endpoint, video({ mode: 'v2v' }, { keyframes, source })).inputs).toEqual({ video: { assetId: source.assetId } });
    expect(canvasRequest(endpoint, video({ mode: 'draft_enhance' }, { keyframes, source })).inputs).toMatchObject({ video: { assetId: source.assetId } });
  });

  it('the timeline fills keyframes and video, so the form does not ask for them', () => {
    expect(isCanvasField(endpoint, 'keyframes')).toBe(true);
    expect(isCanvasField(endpoint, 'video')).toBe(true);
    expect(isCanvasField(getEndpoint('video-upscale-v1'), 'video')).toBe(false);
  });

  it('refuses in words before sending: no keyframe, a keyframe past the end, no source, a continuation over 15 s', () => {
    expect(videoRefusal(video({ mode: 'i2v' }))).toMatch(/needs at least one keyframe/);
    expect(videoRefusal(video({ mode: 'i2v', duration: 4 }, { keyframes }))).toMatch(/after the end of the 4 s clip/);
    expect(videoRefusal(video({ mode: 'i2v', duration: 5 }, { keyframes }))).toBeNull();
    expect(videoRefusal(video({ mode: 'v2v' }))).toMatch(/needs a clip to continue/);
    expect(videoRefusal(video({ mode: 'v2v', duration: 20 }, { source }))).toMatch(/up to 15 s/);
    expect(videoRefusal(video({ mode: 'v2v', duration: 10 }, { source: { ...source, seconds: 15.5 } }))).toMatch(/15.5 s long/);
    expect(sourceRefusal({ name: 'ok.mp4', seconds: 15 })).toBeNull();
    expect(videoRefusal(video({ mode: 't2v' }))).toBeNull();
  });
});

describe('enhancing a draft from the panel', () => {
  it('refuses the draft size and a size left to the service, naming the final sizes in words', () => {
    const refusal = videoRefusal(video({ mode: 'draft_enhance', resolution: 'hd' }, { source }));
    expect(refusal).toBe('“Enhance a draft” renders the draft larger: choose a frame size above the draft’s, Full HD (1920 × 1088), 1440p (2560 × 1440), or 4K (3840 × 2176). Nothing was sent.');
    expect(videoRefusal(video({ mode: 'draft_enhance' }, { source }))).toBe(refusal);
    expect(videoRefusal(video({ mode: 'draft_enhance', resolution: 'fhd' }, { source }))).toBeNull();
    expect(videoRefusal(video({ mode: 'draft_enhance', resolution: 'uhd' }, { source }))).toBeNull();
  });
});

const german = createText('de', await loadMessages('de'));
const japanese = createText('ja', await loadMessages('ja'));

describe('the video refusals in the language on screen', () => {
  const late = [{ id: 'k1', image: image('a'), frame: 78 }, { id: 'k2', image: image('b'), frame: 110 }];

  it('says the refusals in German and Japanese, numbers with the language’s decimal mark', () => {
    expect(sourceRefusal({ name: 'lang.mp4', seconds: 15.5 }, german)).toBe(
      'lang.mp4 ist 15,5 s lang: „Video fortsetzen“ nimmt Clips bis 15 s. Kürze ihn in einem Videoprogramm oder wähle einen kürzeren. Es wurde nichts gesendet.',
    );
    expect(videoRefusal(video({ mode: 'i2v', duration: 3 }, { keyframes: late }), german)).toBe(
      '2 Keyframes liegen hinter dem Ende des 3-s-Clips (3,25 s · Frame 78, 4,58 s · Frame 110): Schieb sie hinein oder mach den Clip länger. Es wurde nichts gesendet.',
    );
    expect(videoRefusal(video({ mode: 'i2v' }), japanese)).toMatch(/^「キーフレームから」にはキーフレームが 1 つ以上必要です。.*「テキストから」/);
    expect(videoRefusal(video({ mode: 'draft_enhance', resolution: 'hd' }, { source }), japanese)).toContain('1440p（2560 × 1440）');
  });
});
