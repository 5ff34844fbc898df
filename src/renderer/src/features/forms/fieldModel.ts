import type { FieldSpec, JsonValue } from '../../../../shared/catalog/field';
import { VIDEO_FRAME_SIZES, VIDEO_MODE_LABELS, VIDEO_RESOLUTIONS, VIDEO_SIZE_NAMES } from '../../../../shared/catalog/video';
import type { ValidationIssue } from '../../../../shared/validation/issue';
import { isAutoValue } from '../../catalog/describeField';

export type FormValues = Readonly<Record<string, JsonValue | undefined>>;

const ACRONYMS = new Set(['url', 'id', 'mp']);

/** The artist's name for a field whose own name is the service's word (it stays in the request view and the reference). */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  prompt_upsampling: 'Let the service enrich the prompt',
  safety_tolerance: 'Moderation tolerance',
  output_format: 'File type',
  user: 'Your tag for this request',
  webhook_url: 'Address to notify',
  webhook_secret: 'Secret for that address',
  raw: 'Natural, less polished look',
  image_prompt_strength: 'How much the picture guides it',
  input_image_blob_path: 'A picture already stored on the service',
  reference_offset_x: 'Picture position across',
  reference_offset_y: 'Picture position down',
  resolution: 'Size',
  finetune_id: 'Finetune name',
};

/** What each value of a choice is called on screen, where the service's code says nothing to an artist. */
const VALUE_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  resolution: {
    '768sq': '768 × 768 (small square)',
    '1k': 'About 1 megapixel',
    '2k': 'About 4 megapixels',
    '4k': 'About 16 megapixels',
    ...Object.fromEntries(VIDEO_RESOLUTIONS.map((r) => [r, VIDEO_FRAME_SIZES[r].inferred ? `${VIDEO_SIZE_NAMES[r]} size` : `${VIDEO_SIZE_NAMES[r]}, ${VIDEO_FRAME_SIZES[r].width} × ${VIDEO_FRAME_SIZES[r].height}`])),
  },
  // Outpainting's quality and the video model's mode share the field's name; their values do not overlap.
  mode: { fast: 'Fast', high: 'High quality', ...VIDEO_MODE_LABELS },
  output_format: { jpeg: 'JPEG', png: 'PNG (lossless)', webp: 'WebP' },
};

/** A choice's value in words: "High quality" for `high`, "Full HD, 1920 × 1088" for `fhd`. */
export function valueLabel(field: Pick<FieldSpec, 'name'>, value: string): string {
  return VALUE_WORDS[field.name]?.[value] ?? value;
}

/** `safety_tolerance` → "Moderation tolerance"; `input_image_2` → "Input image 2". */
export function labelFor(field: Pick<FieldSpec, 'name'> | FieldSpec): string {
  // Outpainting's mode is fast or high quality; the video model's mode keeps its name.
  if (field.name === 'mode' && 'values' in field && field.values.includes('fast')) return 'Quality';
  const word = FIELD_WORDS[field.name];
  if (word) return word;
  const words = field.name.split('_').map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
export function defaultHint(field: FieldSpec): string {
  if (field.default === undefined || field.default === null) return field.required ? 'required' : 'service default';
  if (field.default === '') return '';
  if (isAutoValue(field, field.default)) return 'auto';
  return `default ${String(field.default)}`;
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
