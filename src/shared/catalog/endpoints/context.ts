import { outputFormatJpegPng, promptUpsampling, referenceFieldNames, referenceFields, safetyTolerance, seed, webhookFields } from '../common';
import type { EndpointSpec } from '../endpoint';
import { string } from '../field';

export const genCtxMax: EndpointSpec = {
  id: 'gen-ctx-max',
  path: 'gen-ctx-max',
  base: 'base_url',
  title: 'Context Max',
  summary: 'Edit an image with words, or create one; up to four references (experimental)',
  kind: 'edit',
  release: 'snapshot',
  documentation: 'specified',
  fields: [
    string('prompt', 'What to create, or how to change the input image', { required: true, role: 'prompt', multiline: true }),
    ...referenceFields(4, {
      encoding: 'base64-or-url',
      nullable: true,
      describe: (n) => (n === 1 ? 'Image to edit' : `Reference image ${n} (experimental multi-reference)`),
    }),
    seed(),
    string('aspect_ratio', 'Output aspect ratio as W:H, between 21:9 and 9:21', {
      nullable: true,
      format: 'aspect-ratio',
      ratioRange: ['21:9', '9:21'],
      role: 'aspect-ratio',
    }),
    outputFormatJpegPng('png'),
    ...webhookFields,
    promptUpsampling({ default: false }),
    safetyTolerance(6),
  ],
  responses: ['AsyncResponse', 'AsyncWebhookResponse'],
  maxReferences: 4,
  limits: {},
  rules: [{ kind: 'reference-count', fields: referenceFieldNames(4), max: 4 }],
};
