import type { FieldSpec, JsonValue } from '../../../../shared/catalog/field';
import type { ValidationIssue } from '../../../../shared/validation/issue';
import type { AppText } from '../../../../shared/i18n/text';
import { isAutoValue } from '../../catalog/describeField';
import { currentText } from '../../ui/i18n/textStore';

export { labelFor, valueLabel } from './fieldWords';

export type FormValues = Readonly<Record<string, JsonValue | undefined>>;

/** Issues keyed by the top-level field they belong to; issues about the whole body go under `''`. */
export function issuesByField(issues: readonly ValidationIssue[]): Map<string, ValidationIssue[]> {
  const out = new Map<string, ValidationIssue[]>();
  for (const i of issues) {
    const key = i.loc[0] === 'body' && typeof i.loc[1] === 'string' ? i.loc[1] : '';
    out.set(key, [...(out.get(key) ?? []), i]);
  }
  return out;
}

/** Reads what the user typed into a field's value; empty text means "leave it to the service". */
export function parseFieldInput(field: FieldSpec, raw: string): JsonValue | undefined {
  if (raw.trim() === '') return field.type === 'string' && field.role === 'prompt' ? '' : undefined;
  if (field.type === 'integer' || field.type === 'number') {
    const n = Number(raw);
    // Keep what was typed when it is not a number, so validation can say so instead of the text vanishing.
    return Number.isFinite(n) ? n : raw;
  }
  return raw;
}

/** The text a control shows for a value. */
export function formatFieldValue(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

/** What the service uses when the field is left empty, in words for a placeholder. */
export function defaultHint(field: FieldSpec, text: AppText = currentText()): string {
  if (field.default === undefined || field.default === null) return text.t(field.required ? 'forms.hint.required' : 'forms.hint.serviceDefault');
  if (field.default === '') return '';
  if (isAutoValue(field, field.default)) return text.t('forms.hint.auto');
  return text.t('forms.hint.default', { value: String(field.default) });
}

/**
 * The choices a form offers: the document's values; a value the service also accepts (`alsoAccepted`) only when it
 * is already chosen (a request opened again), so it is shown rather than silently blank.
 */
export function enumOptions(field: Extract<FieldSpec, { type: 'enum' }>, value: JsonValue | undefined): readonly string[] {
  const values = typeof value === 'string' && !field.values.includes(value) && field.alsoAccepted?.includes(value) ? [...field.values, value] : field.values;
  // The default is the first choice, "High quality (default)": listed again it would show twice.
  return values.filter((v) => v !== field.default || v === value);
}

/** Splits fields into the groups a form shows: main first, then advanced, then webhook. */
export function groupFields(fields: readonly FieldSpec[]): Record<FieldSpec['group'], FieldSpec[]> {
  const out: Record<FieldSpec['group'], FieldSpec[]> = { main: [], advanced: [], webhook: [] };
  for (const f of fields) out[f.group].push(f);
  return out;
}

/** A random seed within the range the service accepts for integers. */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 2 ** 31);
}
