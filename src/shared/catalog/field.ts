/**
 * The shape of one request field, as data. Every fact the interface document states about a field lives here
 * once; forms, validation, request building and the sandbox all read it.
 */

type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };

/** What a field means to the app beyond its JSON type: which canvas layer or control feeds it. */
export type FieldRole =
  | 'prompt'
  | 'seed'
  | 'image'
  | 'mask'
  | 'reference'
  | 'image-prompt'
  | 'person'
  | 'garment'
  | 'expand-side'
  | 'outpaint-size'
  | 'outpaint-offset'
  | 'video'
  | 'keyframes'
  | 'video-mode'
  | 'resolution'
  | 'aspect-ratio'
  | 'size'
  | 'finetune'
  | 'webhook';

/** Which controls a form shows first; the rest fold under "Advanced". */
export type FieldGroup = 'main' | 'advanced' | 'webhook';

interface FieldBase {
  readonly name: string;
  readonly description: string;
  /** `null` is accepted and means the same as leaving the field out. */
  readonly nullable: boolean;
  readonly required: boolean;
  /** The service's default when the field is absent; `undefined` means the document gives none. */
  readonly default?: JsonValue;
  /** Set when the document does not state this field's shape; says what was inferred and why. */
  readonly inferred?: string;
  /**
   * Set when a fact of this field comes from what public clients of the service observe (field-notes.md: the
   * service's published request schemas) rather than from the interface document; says which fact. The document
   * stays first where it speaks: such a fact only fills what it leaves out, or widens what is accepted.
   */
  readonly observed?: string;
  readonly group: FieldGroup;
  readonly role?: FieldRole;
}

export interface IntegerField extends FieldBase {
  readonly type: 'integer';
  readonly min?: number;
  readonly max?: number;
  readonly multipleOf?: number;
  /**
   * The default (0, below the minimum) means "let the service choose", and is had only by leaving the field out:
   * an explicit 0 is refused like any value under the minimum. Forms show the empty field as "auto".
   */
  readonly defaultIsAuto?: boolean;
}

export interface NumberField extends FieldBase {
  readonly type: 'number';
  readonly min?: number;
  readonly max?: number;
}

export interface BooleanField extends FieldBase {
  readonly type: 'boolean';
}

type StringFormat = 'uri' | 'aspect-ratio';

export interface StringField extends FieldBase {
  readonly type: 'string';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: StringFormat;
  /** For `aspect-ratio`: the widest and the tallest ratio accepted, as `W:H`. */
  readonly ratioRange?: readonly [string, string];
  readonly multiline?: boolean;
}

export interface EnumField extends FieldBase {
  readonly type: 'enum';
  /** What the document lists, and what forms offer. */
  readonly values: readonly string[];
  /** Values the service accepts beyond the document's list (see `observed`): validated, not offered. */
  readonly alsoAccepted?: readonly string[];
}

/** How the service accepts an image or video: inline base64, or also an address it fetches. */
export type MediaEncoding = 'base64' | 'base64-or-url';

export interface ImageField extends FieldBase {
  readonly type: 'image';
  readonly encoding: MediaEncoding;
}

export interface VideoField extends FieldBase {
  readonly type: 'video';
  readonly encoding: MediaEncoding;
}

/** A list of images pinned to times in a video. */
export interface KeyframesField extends FieldBase {
  readonly type: 'keyframes';
  readonly minItems: number;
  readonly maxItems: number;
}

export type FieldSpec =
  | IntegerField
  | NumberField
  | BooleanField
  | StringField
  | EnumField
  | ImageField
  | VideoField
  | KeyframesField;

export type FieldType = FieldSpec['type'];

type Options<F extends FieldSpec> = Omit<F, 'type' | 'name' | 'description' | 'nullable' | 'required' | 'group'> & {
  readonly nullable?: boolean;
  readonly required?: boolean;
  readonly group?: FieldGroup;
};

function base(name: string, description: string, o: { nullable?: boolean; required?: boolean; group?: FieldGroup }) {
  return {
    name,
    description,
    nullable: o.nullable ?? false,
    required: o.required ?? false,
    group: o.group ?? 'main',
  };
}

/** The builder of a field type whose settings all have defaults: the catalog writes only what differs from them. */
const plain =
  <F extends IntegerField | NumberField | BooleanField | StringField>(type: F['type']) =>
  (name: string, description: string, o?: Options<F>): F =>
    // The spread of one member of the union with its own `type` is that member; TS cannot follow it through F.
    ({ ...o, ...base(name, description, o ?? {}), type }) as F;

export const integer = plain<IntegerField>('integer');
export const number = plain<NumberField>('number');
export const boolean = plain<BooleanField>('boolean');
export const string = plain<StringField>('string');

export const enumeration = (
  name: string,
  description: string,
  values: readonly string[],
  o: Omit<Options<EnumField>, 'values'> = {},
): EnumField => ({ ...o, ...base(name, description, o), type: 'enum', values });

export const image = (
  name: string,
  description: string,
  o: Omit<Options<ImageField>, 'encoding'> & { encoding?: MediaEncoding } = {},
): ImageField => ({ ...o, ...base(name, description, o), type: 'image', encoding: o.encoding ?? 'base64' });

export const video = (
  name: string,
  description: string,
  o: Omit<Options<VideoField>, 'encoding'> & { encoding?: MediaEncoding } = {},
): VideoField => ({ ...o, ...base(name, description, o), type: 'video', encoding: o.encoding ?? 'base64-or-url' });

export const keyframes = (name: string, description: string, o: Options<KeyframesField>): KeyframesField => ({
  ...o,
  ...base(name, description, o),
  type: 'keyframes',
});
