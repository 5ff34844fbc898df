import { ENGLISH_TEXT } from '../../../../shared/i18n/text';
import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../../shared/catalog/catalog';
import { emptyDocument, type CanvasDocument, type ImageRef } from '../../../../shared/canvas/document';
import { canvasRequest, documentUse } from '../../../../shared/canvas/request';
import { VIDEO_ENDPOINT_ID } from '../../../../shared/canvas/timeline';
import { inputsText } from './inputsText';

const image = (c: string, width = 1000, height = 500): ImageRef => ({ assetId: c.repeat(64), name: `${c}.png`, width, height });
const keyframes = [
  { id: 'k1', image: image('a'), frame: 0 },
  { id: 'k2', image: image('b'), frame: 61 },
];
const source = { assetId: 'd'.repeat(64), name: 'clip.mp4', seconds: 6, resultId: null };

function text(endpointId: string, document: CanvasDocument): string {
  const endpoint = getEndpoint(endpointId);
  return inputsText(document, documentUse(endpoint, document), canvasRequest(endpoint, document).inputs, ENGLISH_TEXT);
}

const video = (mode: string, timeline: Partial<CanvasDocument['timeline']>): CanvasDocument => ({
  ...emptyDocument(VIDEO_ENDPOINT_ID),
  intent: 'video',
  formValues: { [VIDEO_ENDPOINT_ID]: { prompt: 'a kite', mode, duration: 5 } },
  timeline: { keyframes: [], source: null, ...timeline },
});

describe('inputsText', () => {
  it('counts the keyframes a video from keyframes sends, and nothing when the mode sends none', () => {
    expect(text(VIDEO_ENDPOINT_ID, video('i2v', { keyframes }))).toBe('In 2 keyframes (1 MP)');
    expect(text(VIDEO_ENDPOINT_ID, video('t2v', { keyframes }))).toBe('No image in');
  });

  it('names the clip a continuation starts from, and both for a draft made final', () => {
    expect(text(VIDEO_ENDPOINT_ID, video('v2v', { source }))).toBe('In a 6 s clip');
    expect(text(VIDEO_ENDPOINT_ID, video('draft_enhance', { keyframes: keyframes.slice(0, 1), source }))).toBe('In 1 keyframe (0.5 MP) and a 6 s clip');
  });

  it('gives the picture’s megapixels for an edit', () => {
    expect(text('gen-pro-1.0-fill', { ...emptyDocument('gen-pro-1.0-fill'), intent: 'edit', base: image('e', 2000, 1000) })).toBe('In 2 MP');
  });
});
