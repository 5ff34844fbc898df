import type { FieldSpec } from '../../../../shared/catalog/field';
import type { AppText } from '../../../../shared/i18n/text';

/**
 * A field's limits in the artist's language, as the form's hint: "256 to 1440, multiple of 32". The service
 * reference says the same limits in its own English (catalog/describeField.ts); this is the form's wording.
 * Each limit is a message of its own, listed as the language lists things (Intl.ListFormat), never glued.
 */
export function fieldHint(f: FieldSpec, text: AppText): string {
  const parts: string[] = [];
  // As typed in the field: no thousands separator (a number input takes none).
  const n = (v: number) => String(v);
  switch (f.type) {
    case 'integer':
    case 'number':
      if (f.min !== undefined && f.max !== undefined) parts.push(text.t('forms.limit.range', { min: n(f.min), max: n(f.max) }));
      else if (f.min !== undefined) parts.push(text.t('forms.limit.atLeast', { min: n(f.min) }));
      else if (f.max !== undefined) parts.push(text.t('forms.limit.atMost', { max: n(f.max) }));
      if (f.type === 'integer' && f.multipleOf !== undefined) parts.push(text.t('forms.limit.multipleOf', { step: n(f.multipleOf) }));
      if (f.type === 'integer' && f.defaultIsAuto) parts.push(text.t('forms.limit.orAuto'));
      break;
    case 'string':
      if (f.minLength !== undefined && f.maxLength !== undefined) parts.push(text.t('forms.limit.characters', { min: n(f.minLength), max: n(f.maxLength) }));
      if (f.format === 'uri') parts.push(text.t('forms.limit.address'));
      if (f.ratioRange) parts.push(text.t('forms.limit.ratio', { widest: f.ratioRange[0], tallest: f.ratioRange[1] }));
      break;
    case 'image':
      parts.push(text.t(f.encoding === 'base64' ? 'forms.limit.image' : 'forms.limit.imageOrAddress'));
      break;
    case 'video':
      parts.push(text.t(f.encoding === 'base64' ? 'forms.limit.video' : 'forms.limit.videoOrAddress'));
      break;
    case 'keyframes':
      parts.push(text.t('forms.limit.keyframes', { min: n(f.minItems), max: n(f.maxItems) }));
      break;
    case 'enum':
    case 'boolean':
      // A choice's values are in its list, in words.
      break;
  }
  return new Intl.ListFormat(text.locale, { type: 'unit', style: 'short' }).format(parts);
}
