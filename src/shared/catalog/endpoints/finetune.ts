import type { EndpointSpec } from '../endpoint';
import { number, string, type FieldSpec } from '../field';
import { gen2Klein9bPreview } from './generation2';

/** `-finetuned` endpoints take the base endpoint's request plus these two fields. */
const FINETUNED_PATH_TEMPLATE = '{base_model}-finetuned';

/**
 * The finetune fields, with the base model's published strength default: the schemas give 0 to 2, not nullable,
 * and a default of 1.1 or 1.2 by base model (field notes).
 */
const finetuneFields = (strengthDefault: 1.1 | 1.2): readonly FieldSpec[] => [
  string('finetune_id', 'Name of the LoRA to apply', { required: true, minLength: 1, role: 'finetune' }),
  number('finetune_strength', 'How strongly the LoRA applies', {
    default: strengthDefault,
    min: 0,
    max: 2,
    role: 'finetune',
    inferred: 'the document names finetune_strength without its range or default: both from the published schemas',
  }),
];

/**
 * Builds the `-finetuned` variant of a base endpoint: the same request plus the finetune fields, sent to the
 * regional base, where the service publishes every finetune endpoint (field notes) and where the interface
 * document puts delete_finetune; the global base does not serve them.
 */
function finetunedEndpoint(base: EndpointSpec, baseModel: string, strengthDefault: 1.1 | 1.2, inferred?: string): EndpointSpec {
  const id = FINETUNED_PATH_TEMPLATE.replace('{base_model}', baseModel);
  const fields = base.fields.filter((f) => f.role !== 'webhook');
  const webhooks = base.fields.filter((f) => f.role === 'webhook');
  return {
    ...base,
    id,
    path: id,
    base: 'base_url_us',
    title: `${base.title} + LoRA`,
    summary: 'Your uploaded LoRA on top of the base model (public beta, billed at the base rate)',
    documentation: 'named',
    inferred: inferred ?? `request shape of ${base.id} plus finetune_id and finetune_strength, as stated`,
    fields: [...fields, ...finetuneFields(strengthDefault), ...webhooks],
    finetuneOf: base.id,
    notes: ['LoRA inference is a public beta, billed at the base endpoint rate.'],
    deprecated: undefined,
  };
}

/**
 * The document's example of the template. Its base, gen-2-klein-9b-kv, is not described anywhere, so the request
 * follows the closest described sibling, gen-2-klein-9b-preview, without its preview status. Which base model
 * has which strength default is not said: it takes the lower, 1.1.
 */
export const gen2Klein9bKvFinetuned: EndpointSpec = finetunedEndpoint(
  { ...gen2Klein9bPreview, release: 'snapshot', title: 'Gen 2 Klein 9B KV' },
  'gen-2-klein-9b-kv',
  1.1,
  'base gen-2-klein-9b-kv is not described: its request follows gen-2-klein-9b-preview, plus the stated finetune fields',
);

export const deleteFinetune: EndpointSpec = {
  id: 'delete_finetune',
  path: 'delete_finetune',
  base: 'base_url_us',
  title: 'Delete a finetune',
  summary: 'Delete one of your uploaded LoRAs (answers at once; not a generation task)',
  kind: 'tool',
  release: 'snapshot',
  documentation: 'specified',
  fields: [string('finetune_id', 'Name of the LoRA to delete', { required: true, role: 'finetune' })],
  responses: ['DeleteFinetuneResponse'],
  maxReferences: 0,
  limits: {},
  rules: [],
};
