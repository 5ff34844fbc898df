import type { EndpointSpec } from '../endpoint';

const SINCE = '2025-10-31';

const deprecated = (
  id: string,
  title: string,
  kind: EndpointSpec['kind'],
  migrateTo: readonly string[],
  note: string,
): EndpointSpec => ({
  id,
  path: id,
  base: 'base_url',
  title,
  summary: note,
  kind,
  release: 'snapshot',
  documentation: 'named',
  inferred: 'deprecated endpoints are kept by name only, to describe past work; the app never sends them',
  deprecated: { since: SINCE, migrateTo, note },
  fields: [],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: {},
  rules: [],
});

const NO_FINETUNE_MIGRATION = 'Finetuning was withdrawn with no migration path.';
const MIGRATE_PRO = 'Use gen-pro-1.1, or the context model’s pro endpoint (not named in the document).';

export const deprecatedEndpoints: readonly EndpointSpec[] = [
  deprecated('finetune', 'Finetune training', 'tool', [], NO_FINETUNE_MIGRATION),
  deprecated('gen-pro-finetuned', 'Pro + finetune', 'text-to-image', [], NO_FINETUNE_MIGRATION),
  deprecated('gen-pro-1.1-ultra-finetuned', 'Pro 1.1 Ultra + finetune', 'text-to-image', [], NO_FINETUNE_MIGRATION),
  deprecated('gen-pro-1.0-depth-finetuned', 'Pro 1.0 Depth + finetune', 'edit', [], NO_FINETUNE_MIGRATION),
  deprecated('gen-pro-1.0-canny-finetuned', 'Pro 1.0 Canny + finetune', 'edit', [], NO_FINETUNE_MIGRATION),
  deprecated('gen-pro-1.0-fill-finetuned', 'Pro 1.0 Fill + finetune', 'inpaint', [], NO_FINETUNE_MIGRATION),
  deprecated('gen-pro-1.0', 'Pro 1.0', 'text-to-image', ['gen-pro-1.1'], MIGRATE_PRO),
  deprecated('gen-pro-1.0-depth', 'Pro 1.0 Depth', 'edit', ['gen-pro-1.1'], MIGRATE_PRO),
  deprecated('gen-pro-1.0-canny', 'Pro 1.0 Canny', 'edit', ['gen-pro-1.1'], MIGRATE_PRO),
];
