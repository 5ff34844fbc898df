import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../../../../shared/i18n/catalog';
import { createText, ENGLISH_TEXT } from '../../../../../shared/i18n/text';
import { megapixels } from '../../../../../shared/media/imageHeader';

const german = createText('de', await loadMessages('de'));
const japanese = createText('ja', await loadMessages('ja'));
const size = { width: '256', height: '256', megapixels: megapixels(256, 256) };

describe('megapixels in the status bar and the frame panel', () => {
  it('are written to the hundredth with the language’s decimal mark', () => {
    expect(ENGLISH_TEXT.t('canvas.status.sizeValue', size)).toBe('256 × 256 px (0.07 MP)');
    expect(german.t('canvas.status.sizeValue', size)).toBe('256 × 256 px (0,07 MP)');
    expect(german.t('canvas.frame.output', size)).toMatch(/^Ausgabe 256 × 256 px, 0,07 MP\./);
    expect(german.t('canvas.expand.output', { ...size, max: '2048' })).toMatch(/^Ausgabe 256 × 256 px, 0,07 MP\./);
    expect(japanese.t('canvas.frame.output', size)).toContain('0.07');
  });
});
