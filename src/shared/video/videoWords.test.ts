import { describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n/catalog';
import { createText, ENGLISH_TEXT } from '../i18n/text';
import { clipFrameText, clipTimeText, videoModeLabel, videoSizeName, videoSizeWithPixels } from './videoWords';

const german = createText('de', await loadMessages('de'));
const japanese = createText('ja', await loadMessages('ja'));

describe('the video model’s words in the artist’s language', () => {
  it('names a time and a frame of a clip with the language’s decimal mark', () => {
    expect(clipFrameText(78)).toBe('3.25 s · frame 78');
    expect(clipTimeText(2.5)).toBe('2.50 s');
    expect(clipFrameText(78, german)).toBe('3,25 s · Frame 78');
    expect(clipFrameText(78, japanese)).toBe('3.25 秒 · 78 フレーム目');
  });

  it('names the modes and the sizes as the panel, Make final and the form do, never by the service’s codes', () => {
    expect(videoModeLabel('i2v')).toBe('From keyframes');
    expect(videoModeLabel('i2v', german)).toBe('Aus Keyframes');
    expect(videoSizeWithPixels('fhd', ENGLISH_TEXT)).toBe('Full HD (1920 × 1088)');
    expect(videoSizeName('hd', japanese)).toBe('下書き');
    expect(videoSizeWithPixels('qhd', japanese)).toBe('1440p（2560 × 1440）');
  });
});
