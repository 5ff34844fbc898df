import { boolean, enumeration, image, integer, string, type FieldSpec } from './field';

/** The webhook pair is identical on every submit endpoint. */
export const webhookFields: readonly FieldSpec[] = [
  string('webhook_url', 'Address that receives a notification when the task ends', {
    nullable: true,
    minLength: 1,
    maxLength: 2083,
    format: 'uri',
    group: 'webhook',
    role: 'webhook',
  }),
  string('webhook_secret', 'Secret used to sign webhook notifications', {
    nullable: true,
    group: 'webhook',
    role: 'webhook',
  }),
];

export const IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
const IMAGE_FORMATS_NO_WEBP = ['jpeg', 'png'] as const;

export const outputFormat = (values: readonly string[], defaultValue: string, nullable = true): FieldSpec =>
  enumeration('output_format', 'File format of the result', values, {
    nullable,
    default: defaultValue,
    group: 'advanced',
  });

/** Field notes: `output_format` accepts webp on every image endpoint that has the field. */
export const WEBP_OBSERVED = 'webp accepted too: field notes (output_format accepts jpeg, png and webp on every image endpoint)';

/**
 * An `output_format` the document lists as jpeg and png: forms offer those two, and webp, which the service also
 * accepts there, passes validation (the Sandbox takes it as the service does).
 */
export const outputFormatJpegPng = (defaultValue: string): FieldSpec => ({
  ...enumeration('output_format', 'File format of the result', IMAGE_FORMATS_NO_WEBP, { nullable: true, default: defaultValue, group: 'advanced' }),
  alsoAccepted: ['webp'],
  observed: WEBP_OBSERVED,
});

export const safetyTolerance = (max: number, note?: string): FieldSpec =>
  integer('safety_tolerance', note ?? 'Moderation strictness: 0 is strictest, higher is less strict', {
    default: 2,
    min: 0,
    max,
    group: 'advanced',
  });

/** The source marks a shared field may carry (see `FieldSpec.inferred` and `FieldSpec.observed`). */
export interface Marks {
  readonly inferred?: string;
  readonly observed?: string;
}
const marks = (o: Marks) => ({ ...(o.inferred ? { inferred: o.inferred } : {}), ...(o.observed ? { observed: o.observed } : {}) });

export const seed = (o: { nullable?: boolean } & Marks = {}): FieldSpec =>
  integer('seed', 'The same seed with the same inputs gives the same result', {
    nullable: o.nullable ?? true,
    group: 'advanced',
    role: 'seed',
    ...marks(o),
  });

export const promptUpsampling = (o: { nullable?: boolean; default?: boolean } & Marks = {}): FieldSpec =>
  boolean('prompt_upsampling', 'Rewrite the prompt automatically for more creative output', {
    nullable: o.nullable ?? false,
    group: 'advanced',
    ...(o.default !== undefined ? { default: o.default } : {}),
    ...marks(o),
  });

/**
 * Reference image fields named by position: `input_image`, `input_image_2` ... `input_image_N`.
 * The order of the names is the order the prompt can refer to.
 */
export function referenceFieldNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'input_image' : `input_image_${i + 1}`));
}

/** How many references a model takes: the form's limit and the check before sending, from one number. */
export const referenceLimit = (max: number) => ({
  maxReferences: max,
  rules: [{ kind: 'reference-count' as const, fields: referenceFieldNames(max), max }],
});

export function referenceFields(
  count: number,
  o: { encoding: 'base64' | 'base64-or-url'; nullable: boolean; describe: (position: number) => string } & Marks,
): FieldSpec[] {
  return referenceFieldNames(count).map((name, i) =>
    image(name, o.describe(i + 1), {
      nullable: o.nullable,
      encoding: o.encoding,
      role: 'reference',
      ...marks(o),
    }),
  );
}
