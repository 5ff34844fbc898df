import { describe, expect, it } from 'vitest';
import { CATALOG, getEndpoint } from '../../../../shared/catalog/catalog';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { createText, ENGLISH_TEXT } from '../../../../shared/i18n/text';
import { FIELD_WORDS, labelFor, valueLabel } from './fieldWords';

describe('the words of the form’s fields', () => {
  it('every field of every model has its label in the catalogs', () => {
    const missing = CATALOG.flatMap((e) => e.fields.filter((f) => FIELD_WORDS[f.name] === undefined).map((f) => `${e.id}: ${f.name}`));
    expect(missing).toEqual([]);
  });

  it('names numbered images with their number, and outpainting’s mode its quality', () => {
    expect(labelFor({ name: 'input_image_10' }, ENGLISH_TEXT)).toBe('Input image 10');
    expect(labelFor(getEndpoint('outpainting-v1').fields.find((f) => f.name === 'mode')!, ENGLISH_TEXT)).toBe('Quality');
    expect(labelFor(getEndpoint('gen-3-video').fields.find((f) => f.name === 'mode')!, ENGLISH_TEXT)).toBe('Mode');
  });

  it('says a choice’s value in words, and a file type by its name', () => {
    expect(valueLabel({ name: 'output_format' }, 'png', ENGLISH_TEXT)).toBe('PNG (lossless)');
    expect(valueLabel({ name: 'output_format' }, 'jpeg', ENGLISH_TEXT)).toBe('JPEG');
  });

  it('names the video model’s modes and sizes in the language on screen, as its panel does', async () => {
    const german = createText('de', await loadMessages('de'));
    expect(valueLabel({ name: 'mode' }, 'i2v', ENGLISH_TEXT)).toBe('From keyframes');
    expect(valueLabel({ name: 'resolution' }, 'fhd', ENGLISH_TEXT)).toBe('Full HD, 1920 × 1088');
    expect(valueLabel({ name: 'resolution' }, 'hd', ENGLISH_TEXT)).toBe('Draft size');
    expect(valueLabel({ name: 'mode' }, 'i2v', german)).toBe('Aus Keyframes');
    expect(valueLabel({ name: 'resolution' }, 'hd', german)).toBe('Größe „Entwurf“');
  });
});
