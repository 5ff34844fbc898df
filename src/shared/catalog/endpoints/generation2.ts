import {
  IMAGE_FORMATS,
  outputFormat,
  outputFormatJpegPng,
  promptUpsampling,
  referenceFields,
  referenceLimit,
  safetyTolerance,
  seed,
  webhookFields,
  WEBP_OBSERVED,
  type Marks,
} from '../common';
import type { EndpointSpec } from '../endpoint';
import { integer, number, string, type FieldSpec } from '../field';

const FLEX_UNSTATED = 'the document does not say which gen-2-flex fields are required';
const FLEX_OBSERVED = 'nullable, with this default: field notes (the service’s published gen-2-flex schema)';
const AUTO_SIZE_OBSERVED = 'an explicit 0 is refused: field notes (leave the field out for the automatic size)';

/**
 * Width or height whose default 0 (below the minimum 64) lets the service choose, from the inputs or the model's
 * own size. The service refuses an explicit 0, so "auto" is sent by leaving the field out.
 */
const autoSize = (name: 'width' | 'height', observed: string, mark: { inferred?: string } = {}): FieldSpec =>
  integer(name, `Output ${name} in pixels; leave empty to let the service choose`, {
    nullable: true,
    default: 0,
    min: 64,
    defaultIsAuto: true,
    role: 'size',
    observed,
    ...mark,
  });

/** gen-2-flex and gen-2-klein-9b-preview describe their images as "path to input image", nothing more. */
const PATH_ENCODING =
  'the document calls it a "path to input image" without saying how it is sent; accepted as base64 or an http(s) address, like gen-ctx-max';

export const gen2Flex: EndpointSpec = {
  id: 'gen-2-flex',
  path: 'gen-2-flex',
  base: 'base_url',
  title: 'Gen 2 Flex',
  summary: 'Generation or editing with up to eight references, with steps and guidance',
  kind: 'multi-reference',
  release: 'snapshot',
  documentation: 'partial',
  fields: [
    gen2Prompt({ inferred: `required: ${FLEX_UNSTATED}; a generation without a prompt has nothing to follow` }),
    promptUpsampling({ nullable: true, default: true, observed: FLEX_OBSERVED }),
    ...gen2References(8, 'First input image', { inferred: PATH_ENCODING, observed: FLEX_OBSERVED }),
    string('input_image_blob_path', 'Blob path to an input image', { group: 'advanced' }),
    seed({ nullable: true, observed: FLEX_OBSERVED }),
    autoSize('width', FLEX_OBSERVED),
    autoSize('height', FLEX_OBSERVED),
    number('guidance', 'Higher follows the prompt more closely', { nullable: true, default: 5, min: 1.5, max: 10, group: 'advanced', observed: FLEX_OBSERVED }),
    integer('steps', 'Number of denoising steps', { nullable: true, default: 50, min: 1, max: 50, group: 'advanced', observed: FLEX_OBSERVED }),
    {
      ...safetyTolerance(5, 'Moderation strictness: 0 to 5; levels beyond this require contacting the operator'),
      inferred: 'default not shown for gen-2-flex: 2, as on every endpoint whose table gives one',
    },
    { ...outputFormat(IMAGE_FORMATS, 'jpeg'), observed: FLEX_OBSERVED },
    ...webhookFields,
  ],
  responses: ['AsyncResponse'],
  limits: {},
  ...referenceLimit(8),
};

/** Gen 2's prompt: what to make, or how to change the references. */
function gen2Prompt(marks: Marks): FieldSpec {
  return string('prompt', 'What to generate, or how to edit the references', { required: true, role: 'prompt', multiline: true, ...marks });
}

/** Gen 2's references: each an image or its address, and each may be null. */
function gen2References(count: number, first: string, marks: Marks): FieldSpec[] {
  return referenceFields(count, { encoding: 'base64-or-url', nullable: true, describe: (n) => (n === 1 ? first : `Input image ${n}`), ...marks });
}

/**
 * The request of Klein and Pro (Flex adds steps, guidance and prompt upsampling): a prompt, references, seed,
 * automatic size, safety tolerance and format. `mark` says where a model's shape is inferred from another's.
 */
function gen2Fields(o: { references: number; first: string; referenceMarks: Marks; mark: Marks; format: FieldSpec }): FieldSpec[] {
  return [
    gen2Prompt(o.mark),
    ...gen2References(o.references, o.first, o.referenceMarks),
    seed(o.mark),
    // The document's default 0 lies below the minimum 64: it asks the service to choose the size.
    autoSize('width', AUTO_SIZE_OBSERVED, o.mark),
    autoSize('height', AUTO_SIZE_OBSERVED, o.mark),
    { ...safetyTolerance(5), ...o.mark },
    o.format,
    ...webhookFields,
  ];
}

/** The klein shape, stated for the 9b preview and inferred for its named siblings. */
function kleinFields(inferred?: string): FieldSpec[] {
  const mark = inferred ? { inferred } : {};
  const format = { ...outputFormatJpegPng('jpeg'), ...mark };
  return gen2Fields({ references: 4, first: 'Input image', referenceMarks: { inferred: inferred ?? PATH_ENCODING }, mark, format });
}

export const gen2Klein9bPreview: EndpointSpec = {
  id: 'gen-2-klein-9b-preview',
  path: 'gen-2-klein-9b-preview',
  base: 'base_url',
  title: 'Gen 2 Klein 9B (preview)',
  summary: 'Fast generation or editing with up to four references',
  kind: 'multi-reference',
  release: 'preview',
  documentation: 'specified',
  fields: kleinFields(),
  responses: ['AsyncResponse'],
  limits: {},
  ...referenceLimit(4),
};

/**
 * A Gen 2 model the document names without fields: its request is taken from a model it does describe, and
 * `inferred` (on the model and on each field) says which.
 */
const named = (o: {
  id: string;
  title: string;
  release: 'preview' | 'snapshot';
  summary: string;
  inferred: string;
  fields: FieldSpec[];
  references: number;
}): EndpointSpec => ({
  id: o.id,
  path: o.id,
  base: 'base_url',
  title: o.title,
  summary: o.summary,
  kind: 'multi-reference',
  release: o.release,
  documentation: 'named',
  inferred: o.inferred,
  fields: o.fields,
  responses: ['AsyncResponse'],
  limits: {},
  ...referenceLimit(o.references),
});

const namedKlein = (id: string, title: string, release: 'preview' | 'snapshot'): EndpointSpec => {
  const inferred = `shape of gen-2-klein-9b-preview: the document names ${id} without fields`;
  return named({ id, title, release, summary: 'Fast generation or editing with references', inferred, fields: kleinFields(inferred), references: 4 });
};

export const gen2Klein4b = namedKlein('gen-2-klein-4b', 'Gen 2 Klein 4B', 'snapshot');
export const gen2Klein9b = namedKlein('gen-2-klein-9b', 'Gen 2 Klein 9B', 'snapshot');

const namedPro = (id: string, title: string, release: 'preview' | 'snapshot', o: { summary?: string; inferred?: string } = {}): EndpointSpec => {
  const inferred = o.inferred ?? `shape of gen-2-flex without steps, guidance and prompt upsampling: the document names ${id} without fields`;
  const mark = { inferred };
  const summary =
    o.summary ??
    (release === 'preview'
      ? 'Highest quality generation and editing; receives improvements first'
      : 'Highest quality generation and editing; a fixed snapshot for reproducible results');
  // No prompt_upsampling: gen-2-pro has none (field notes; a sent one is ignored).
  const format = { ...outputFormat(IMAGE_FORMATS, 'jpeg'), ...mark, observed: WEBP_OBSERVED };
  const fields = gen2Fields({ references: 8, first: 'First input image', referenceMarks: mark, mark, format });
  return named({ id, title, release, summary, inferred, fields, references: 8 });
};

export const gen2ProPreview = namedPro('gen-2-pro-preview', 'Gen 2 Pro (preview)', 'preview');
export const gen2Pro = namedPro('gen-2-pro', 'Gen 2 Pro', 'snapshot');

/**
 * gen-2-max is in the service's published schema and price list (field notes: "gen-2-max from 7" credits), not in
 * the interface document. Its published request is gen-2-pro's: a prompt, up to eight input images, seed,
 * width and height (at least 64, automatic when left out), safety tolerance 0 to 5 and the output format.
 */
export const gen2Max = namedPro('gen-2-max', 'Gen 2 Max', 'snapshot', {
  summary: 'The most detailed generation and editing, up to eight references',
  inferred: 'gen-2-max is not in the interface document: its request is the published schema’s, the same as gen-2-pro',
});
