import { describe, expect, it } from 'vitest';
import { getEndpoint } from './catalog';
import type { FieldSpec, FieldType, JsonValue } from './field';

/**
 * The field tables of the seven fully specified submit endpoints, transcribed by hand from
 * service-interface.md (not read from the catalog), so a catalog fact that drifts from the document fails here.
 *
 * `unstated` marks what the document leaves out (gen-2-flex gives neither required flags, nullability nor
 * defaults): the catalog may fill it in only with an `inferred` mark, or an `observed` one for what the field
 * notes give. Enum values are compared with what forms offer; `alsoAccepted` (webp, observed) is not listed here. An image's `path` encoding is the document's "path to
 * input image", which does not say how the image is sent, so it too must be marked inferred.
 */
type Unstated = 'unstated';
const UNSTATED: Unstated = 'unstated';

interface DocumentField {
  readonly type: FieldType;
  readonly nullable: boolean | Unstated;
  readonly required: boolean | Unstated;
  /** `none` when the document's default column says none or is blank. */
  readonly default: JsonValue | 'none' | Unstated;
  readonly values?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly multipleOf?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly encoding?: 'base64' | 'base64-or-url' | 'path';
  readonly ratioRange?: readonly [string, string];
}

type Facts = Partial<DocumentField>;
const optional = (type: FieldType, facts: Facts = {}): DocumentField => ({
  type,
  nullable: false,
  required: false,
  default: 'none',
  ...facts,
});
const required = (type: FieldType, facts: Facts = {}): DocumentField => optional(type, { required: true, ...facts });

const ALL_FORMATS = ['jpeg', 'png', 'webp'];
const NO_WEBP = ['jpeg', 'png'];

/** "webhook_url, webhook_secret: see common", identical on every submit endpoint. */
const WEBHOOK = {
  webhook_url: optional('string', { nullable: true, minLength: 1, maxLength: 2083 }),
  webhook_secret: optional('string', { nullable: true }),
};

const images = (names: string[], facts: Facts) => Object.fromEntries(names.map((n) => [n, optional('image', facts)]));

const DOCUMENT: Record<string, Record<string, DocumentField>> = {
  'gen-dev': {
    user: optional('string', { nullable: true, minLength: 1, maxLength: 256 }),
    prompt: optional('string', { default: '' }),
    image_prompt: optional('image', { nullable: true, encoding: 'base64' }),
    width: optional('integer', { default: 1024, min: 256, max: 1440, multipleOf: 32 }),
    height: optional('integer', { default: 768, min: 256, max: 1440, multipleOf: 32 }),
    steps: optional('integer', { nullable: true, default: 28, min: 1, max: 50 }),
    prompt_upsampling: optional('boolean', { default: false }),
    seed: optional('integer', { nullable: true }),
    guidance: optional('number', { nullable: true, default: 3, min: 1.5, max: 5 }),
    safety_tolerance: optional('integer', { default: 2, min: 0, max: 6 }),
    output_format: optional('enum', { nullable: true, default: 'jpeg', values: ALL_FORMATS }),
    ...WEBHOOK,
  },
  'gen-pro-1.0-fill': {
    image: required('image', { encoding: 'base64' }),
    mask: optional('image', { nullable: true, encoding: 'base64' }),
    prompt: optional('string', { nullable: true, default: '' }),
    steps: optional('integer', { nullable: true, default: 50, min: 15, max: 50 }),
    prompt_upsampling: optional('boolean', { nullable: true, default: false }),
    seed: optional('integer', { nullable: true }),
    guidance: optional('number', { nullable: true, default: 60, min: 1.5, max: 100 }),
    output_format: optional('enum', { nullable: true, default: 'jpeg', values: ALL_FORMATS }),
    safety_tolerance: optional('integer', { default: 2, min: 0, max: 6 }),
    ...WEBHOOK,
  },
  'gen-pro-1.0-expand': {
    image: required('image', { encoding: 'base64' }),
    top: optional('integer', { nullable: true, default: 0, min: 0, max: 2048 }),
    bottom: optional('integer', { nullable: true, default: 0, min: 0, max: 2048 }),
    left: optional('integer', { nullable: true, default: 0, min: 0, max: 2048 }),
    right: optional('integer', { nullable: true, default: 0, min: 0, max: 2048 }),
    prompt: optional('string', { nullable: true, default: '' }),
    steps: optional('integer', { nullable: true, default: 50, min: 15, max: 50 }),
    prompt_upsampling: optional('boolean', { nullable: true, default: false }),
    seed: optional('integer', { nullable: true }),
    guidance: optional('number', { nullable: true, default: 60, min: 1.5, max: 100 }),
    output_format: optional('enum', { nullable: true, default: 'jpeg', values: ALL_FORMATS }),
    safety_tolerance: optional('integer', { default: 2, min: 0, max: 6 }),
    ...WEBHOOK,
  },
  // The gen-2-flex table has no Required or Default column, and no type says "or null".
  'gen-2-flex': {
    ...Object.fromEntries(
      Object.entries({
        prompt: optional('string'),
        prompt_upsampling: optional('boolean'),
        ...images(['input_image', ...[2, 3, 4, 5, 6, 7, 8].map((n) => `input_image_${n}`)], { encoding: 'path' }),
        input_image_blob_path: optional('string'),
        seed: optional('integer'),
        width: optional('integer', { min: 64 }),
        height: optional('integer', { min: 64 }),
        guidance: optional('number', { min: 1.5, max: 10 }),
        steps: optional('integer', { min: 1, max: 50 }),
        safety_tolerance: optional('integer', { min: 0, max: 5 }),
        output_format: optional('enum', { values: ALL_FORMATS }),
      }).map(([name, f]) => [name, { ...f, nullable: UNSTATED, required: UNSTATED, default: UNSTATED }]),
    ),
    ...WEBHOOK,
  },
  'gen-ctx-max': {
    prompt: required('string'),
    ...images(['input_image', 'input_image_2', 'input_image_3', 'input_image_4'], { nullable: true, encoding: 'base64-or-url' }),
    seed: optional('integer', { nullable: true }),
    aspect_ratio: optional('string', { nullable: true, ratioRange: ['21:9', '9:21'] }),
    output_format: optional('enum', { nullable: true, default: 'png', values: NO_WEBP }),
    ...WEBHOOK,
    prompt_upsampling: optional('boolean', { default: false }),
    safety_tolerance: optional('integer', { default: 2, min: 0, max: 6 }),
  },
  'gen-2-klein-9b-preview': {
    prompt: required('string'),
    ...images(['input_image', 'input_image_2', 'input_image_3', 'input_image_4'], { nullable: true, encoding: 'path' }),
    seed: optional('integer', { nullable: true }),
    width: optional('integer', { nullable: true, default: 0, min: 64 }),
    height: optional('integer', { nullable: true, default: 0, min: 64 }),
    safety_tolerance: optional('integer', { default: 2, min: 0, max: 5 }),
    output_format: optional('enum', { nullable: true, default: 'jpeg', values: NO_WEBP }),
    ...WEBHOOK,
  },
  'gen-pro-1.1': {
    prompt: optional('string', { nullable: true, default: '' }),
    image_prompt: optional('image', { nullable: true, encoding: 'base64' }),
    width: optional('integer', { default: 1024, min: 256, max: 1440, multipleOf: 32 }),
    height: optional('integer', { default: 768, min: 256, max: 1440, multipleOf: 32 }),
    prompt_upsampling: optional('boolean', { default: false }),
    seed: optional('integer', { nullable: true }),
    safety_tolerance: optional('integer', { default: 2, min: 0, max: 6 }),
    output_format: optional('enum', { nullable: true, default: 'jpeg', values: NO_WEBP }),
    ...WEBHOOK,
  },
};

/** Every difference between one catalog field and the document's row, as readable lines. */
function differences(doc: DocumentField, f: FieldSpec): string[] {
  const out: string[] = [];
  const differ = (what: string, expected: unknown, actual: unknown) => {
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      out.push(`${what}: document ${JSON.stringify(expected)}, catalog ${JSON.stringify(actual)}`);
    }
  };
  // What the document leaves out the catalog may fill only with a mark saying where from: inferred, or observed
  // by public clients (field notes).
  const marked = Boolean(f.inferred || f.observed);
  differ('type', doc.type, f.type);
  if (doc.nullable === UNSTATED) {
    if (f.nullable && !marked) out.push('nullable: unstated in the document, nullable in the catalog without a mark');
  } else differ('nullable', doc.nullable, f.nullable);
  if (doc.required === UNSTATED) {
    if (f.required && !marked) out.push('required: unstated in the document, required in the catalog without a mark');
  } else differ('required', doc.required, f.required);
  if (doc.default === UNSTATED) {
    if (f.default !== undefined && !marked) out.push(`default: unstated in the document, ${JSON.stringify(f.default)} in the catalog without a mark`);
  } else differ('default', doc.default === 'none' ? undefined : doc.default, f.default);
  if (f.type === 'enum') differ('values', doc.values, f.values);
  if (f.type === 'integer' || f.type === 'number') {
    differ('range', [doc.min, doc.max], [f.min, f.max]);
    if (f.type === 'integer') differ('multipleOf', doc.multipleOf, f.multipleOf);
  }
  if (f.type === 'string') {
    differ('length', [doc.minLength, doc.maxLength], [f.minLength, f.maxLength]);
    differ('ratioRange', doc.ratioRange, f.ratioRange);
  }
  if (f.type === 'image') {
    if (doc.encoding === 'path') {
      if (!f.inferred) out.push(`encoding: the document says "path", the catalog says ${f.encoding} without an inferred mark`);
    } else differ('encoding', doc.encoding, f.encoding);
  }
  return out;
}

describe('the catalog against the document’s field tables', () => {
  for (const [id, table] of Object.entries(DOCUMENT)) {
    it(`${id}: the same fields, each with the document’s type, nullability, required flag, default, values and limits`, () => {
      const endpoint = getEndpoint(id);
      expect(endpoint.documentation).toBe(id === 'gen-2-flex' ? 'partial' : 'specified');
      expect(endpoint.fields.map((f) => f.name).sort()).toEqual(Object.keys(table).sort());
      const problems = endpoint.fields.flatMap((f) => {
        const doc = table[f.name];
        return doc ? differences(doc, f).map((d) => `${id}.${f.name} ${d}`) : [];
      });
      expect(problems).toEqual([]);
    });
  }

  // Each change an audit made by hand to the catalog, which this table must notice.
  const drift: [string, string, (f: FieldSpec) => FieldSpec][] = [
    ['gen-ctx-max', 'output_format', (f) => ({ ...f, values: ['jpeg', 'png', 'webp'] }) as FieldSpec],
    ['gen-pro-1.0-fill', 'guidance', (f) => ({ ...f, default: 30 })],
    ['gen-pro-1.0-expand', 'guidance', (f) => ({ ...f, default: 30 })],
    ['gen-pro-1.0-expand', 'top', (f) => ({ ...f, nullable: false })],
    ['gen-dev', 'prompt', (f) => ({ ...f, required: true })],
    ['gen-2-flex', 'width', (f) => ({ ...f, default: 1024, observed: undefined })],
    ['gen-2-flex', 'steps', (f) => ({ ...f, min: 2 })],
    ['gen-2-klein-9b-preview', 'output_format', (f) => ({ ...f, values: ['jpeg', 'png', 'webp'] }) as FieldSpec],
    ['gen-2-klein-9b-preview', 'input_image_2', (f) => ({ ...f, inferred: undefined })],
  ];
  for (const [id, name, change] of drift) {
    it(`notices a drift in ${id}.${name}`, () => {
      const field = getEndpoint(id).fields.find((f) => f.name === name)!;
      expect(differences(DOCUMENT[id]![name]!, field)).toEqual([]);
      expect(differences(DOCUMENT[id]![name]!, change(field))).not.toEqual([]);
    });
  }
});
