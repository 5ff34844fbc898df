import { describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n/catalog';
import { createText, ENGLISH_TEXT } from '../i18n/text';
import { clipKind, inputName, resultName } from './clipName';

const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
const time = { ...ENGLISH_TEXT, time: clock };
const german = { ...createText('de', await loadMessages('de')), time: clock };
const at = Date.UTC(2026, 10, 25, 14, 32);

describe('clip names', () => {
  it('tell a draft from a final clip, with its length and time', () => {
    const draft = resultName({ endpointId: 'gen-3-video', params: { mode: 't2v', resolution: 'hd', duration: 5 }, createdAt: at }, 'Gen 3 Video', time);
    const final = resultName({ endpointId: 'gen-3-video', params: { mode: 'draft_enhance', resolution: 'fhd' }, createdAt: at + 180_000 }, 'Gen 3 Video', time);
    expect(draft).toBe('Gen 3 Video draft · 5 s · 14:32');
    expect(final).toBe('Gen 3 Video final · 14:35');
    expect(draft).not.toBe(final);
    expect(resultName({ endpointId: 'gen-3-video', params: { mode: 'i2v', resolution: 'qhd', duration: 8 }, createdAt: at }, 'Gen 3 Video', time)).toBe('Gen 3 Video final · 8 s · 14:32');
  });

  it('names an upscale by how much larger; a picture by its model alone', () => {
    expect(resultName({ endpointId: 'video-upscale-v1', params: { upscale_factor: 2 }, createdAt: at }, 'Video upscale', time)).toBe('Video upscale · 2× larger · 14:32');
    expect(resultName({ endpointId: 'gen-2-pro', params: { prompt: 'a' }, createdAt: at }, 'Gen 2 Pro', time)).toBe('Gen 2 Pro');
    expect(clipKind('gen-2-pro', {})).toBeNull();
  });
});

describe('a result taken in as an input', () => {
  it('is named by its model and time, never by its file: a picture gains the time its name lacks', () => {
    const time = { ...ENGLISH_TEXT, time: () => '14:32' };
    expect(inputName({ endpointId: 'outpainting-v1', params: {}, createdAt: 1 }, 'Outpainting', time)).toBe('Outpainting · 14:32');
    expect(inputName({ endpointId: 'gen-3-video', params: { mode: 't2v', resolution: 'fhd', duration: 5 }, createdAt: 1 }, 'Gen 3 Video', time)).toBe('Gen 3 Video final · 5 s · 14:32');
  });
});

describe('clip names in the artist’s language', () => {
  it('say draft, final and larger in German', () => {
    expect(resultName({ endpointId: 'gen-3-video', params: { mode: 't2v', resolution: 'hd', duration: 5 }, createdAt: at }, 'Gen 3 Video', german)).toBe('Gen 3 Video Entwurf · 5 s · 14:32');
    expect(resultName({ endpointId: 'video-upscale-v1', params: { upscale_factor: 2 }, createdAt: at }, 'Video upscale', german)).toBe('Video upscale · 2× größer · 14:32');
  });
});
