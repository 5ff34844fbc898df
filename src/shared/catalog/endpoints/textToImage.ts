import { IMAGE_FORMATS, outputFormat, outputFormatJpegPng, promptUpsampling, safetyTolerance, seed, webhookFields } from '../common';
import type { EndpointSpec } from '../endpoint';
import { boolean, image, integer, number, string } from '../field';

const size = (name: 'width' | 'height', defaultValue: number) =>
  integer(name, `Output ${name} in pixels`, { default: defaultValue, min: 256, max: 1440, multipleOf: 32, role: 'size' });

export const genDev: EndpointSpec = {
  id: 'gen-dev',
  path: 'gen-dev',
  base: 'base_url',
  title: 'Dev',
  summary: 'Text to image, with steps and guidance under your control',
  kind: 'text-to-image',
  release: 'snapshot',
  documentation: 'specified',
  fields: [
    string('prompt', 'What to generate', { default: '', role: 'prompt', multiline: true }),
    image('image_prompt', 'An image used as part of the prompt', { nullable: true, role: 'image-prompt', group: 'advanced' }),
    size('width', 1024),
    size('height', 768),
    integer('steps', 'Number of denoising steps', { nullable: true, default: 28, min: 1, max: 50, group: 'advanced' }),
    promptUpsampling({ default: false }),
    seed(),
    number('guidance', 'Higher follows the prompt more closely and looks less realistic', {
      nullable: true,
      default: 3,
      min: 1.5,
      max: 5,
      group: 'advanced',
    }),
    safetyTolerance(6),
    outputFormat(IMAGE_FORMATS, 'jpeg'),
    string('user', 'Opaque identifier of the end user on the calling platform', {
      nullable: true,
      minLength: 1,
      maxLength: 256,
      group: 'advanced',
    }),
    ...webhookFields,
  ],
  responses: ['AsyncResponse', 'AsyncWebhookResponse'],
  maxReferences: 0,
  limits: {},
  rules: [],
};

export const genPro11: EndpointSpec = {
  id: 'gen-pro-1.1',
  path: 'gen-pro-1.1',
  base: 'base_url',
  title: 'Pro 1.1',
  summary: 'Text to image, optionally steered by an image prompt',
  kind: 'text-to-image',
  release: 'snapshot',
  documentation: 'specified',
  fields: [
    string('prompt', 'What to generate', { nullable: true, default: '', role: 'prompt', multiline: true }),
    image('image_prompt', 'An image used as part of the prompt (redux style)', {
      nullable: true,
      role: 'image-prompt',
      group: 'advanced',
    }),
    size('width', 1024),
    size('height', 768),
    promptUpsampling({ default: false }),
    seed(),
    safetyTolerance(6),
    outputFormatJpegPng('jpeg'),
    ...webhookFields,
  ],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: {},
  rules: [],
};

/**
 * Pro 1.1 Ultra: in the service's published schema, not in the interface document, which names it only through
 * its deprecated finetuned variant (gen-pro-1.1-ultra-finetuned). Its published request: a prompt, an aspect
 * ratio (16:9 by default, 21:9 to 9:21) rather than a size, `raw` for a less processed look, an image prompt
 * with its strength (0 to 1, 0.1 by default), seed, prompt upsampling, safety tolerance 0 to 6 and JPEG or PNG.
 * It renders about four megapixels.
 */
export const genPro11Ultra: EndpointSpec = {
  id: 'gen-pro-1.1-ultra',
  path: 'gen-pro-1.1-ultra',
  base: 'base_url',
  title: 'Pro 1.1 Ultra',
  summary: 'Text to image at about four megapixels, in any aspect ratio from 21:9 to 9:21',
  kind: 'text-to-image',
  release: 'snapshot',
  documentation: 'named',
  inferred: 'the document names gen-pro-1.1-ultra only through its deprecated finetuned variant: its request is the published schema’s',
  fields: [
    string('prompt', 'What to generate', { nullable: true, default: '', role: 'prompt', multiline: true }),
    string('aspect_ratio', 'Output aspect ratio as W:H, between 21:9 and 9:21', {
      default: '16:9',
      format: 'aspect-ratio',
      ratioRange: ['21:9', '9:21'],
      role: 'aspect-ratio',
    }),
    boolean('raw', 'A less processed, more natural look', { default: false, group: 'advanced' }),
    image('image_prompt', 'An image used as part of the prompt (redux style)', { nullable: true, role: 'image-prompt', group: 'advanced' }),
    number('image_prompt_strength', 'How strongly the image prompt steers the result', { default: 0.1, min: 0, max: 1, group: 'advanced' }),
    promptUpsampling({ default: false }),
    seed(),
    safetyTolerance(6),
    outputFormatJpegPng('jpeg'),
    ...webhookFields,
  ],
  responses: ['AsyncResponse', 'AsyncWebhookResponse'],
  maxReferences: 0,
  limits: {},
  rules: [],
};
