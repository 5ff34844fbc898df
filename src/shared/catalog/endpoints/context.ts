import { outputFormatJpegPng, promptUpsampling, referenceFields, referenceLimit, safetyTolerance, seed, webhookFields } from '../common';
import type { EndpointSpec } from '../endpoint';
import { string } from '../field';

const contextFields = (): EndpointSpec['fields'] => [
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
];

export const genCtxMax: EndpointSpec = {
  id: 'gen-ctx-max',
  path: 'gen-ctx-max',
  base: 'base_url',
  title: 'Context Max',
  summary: 'Edit an image with words, or create one; up to four references (experimental)',
  kind: 'edit',
  release: 'snapshot',
  documentation: 'specified',
  fields: contextFields(),
  responses: ['AsyncResponse', 'AsyncWebhookResponse'],
  limits: {},
  ...referenceLimit(4),
};

/**
 * The context model's pro endpoint: the interface document names it only as where the deprecated pro-1.0
 * endpoints migrate ("the context model pro endpoint"), and the field notes price it ("gen-ctx-max 8 (its pro
 * sibling 4)"). The service's published schema gives it the same request as gen-ctx-max.
 */
export const genCtxPro: EndpointSpec = {
  ...genCtxMax,
  id: 'gen-ctx-pro',
  path: 'gen-ctx-pro',
  title: 'Context Pro',
  summary: 'Edit an image with words, or create one, faster and for less than Context Max; up to four references',
  documentation: 'named',
  inferred: 'the document names the context model pro endpoint without fields: its request is the published schema’s, the same as gen-ctx-max',
  fields: contextFields(),
};
