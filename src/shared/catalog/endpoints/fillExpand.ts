import { IMAGE_FORMATS, outputFormat, promptUpsampling, safetyTolerance, seed, webhookFields } from '../common';
import type { EndpointSpec } from '../endpoint';
import { image, integer, number, string, type FieldSpec } from '../field';

/** Fill and expand share their generation controls; only the image inputs differ. */
const generationControls = (promptDescription: string): FieldSpec[] => [
  string('prompt', promptDescription, { nullable: true, default: '', role: 'prompt', multiline: true }),
  integer('steps', 'Number of denoising steps', { nullable: true, default: 50, min: 15, max: 50, group: 'advanced' }),
  promptUpsampling({ nullable: true, default: false }),
  seed(),
  number('guidance', 'Higher follows the prompt more closely', {
    nullable: true,
    default: 60,
    min: 1.5,
    max: 100,
    group: 'advanced',
  }),
  outputFormat(IMAGE_FORMATS, 'jpeg'),
  safetyTolerance(6),
  ...webhookFields,
];

export const genProFill: EndpointSpec = {
  id: 'gen-pro-1.0-fill',
  path: 'gen-pro-1.0-fill',
  base: 'base_url',
  title: 'Pro 1.0 Fill',
  summary: 'Inpainting: repaint the masked part of an image',
  kind: 'inpaint',
  release: 'snapshot',
  documentation: 'specified',
  fields: [
    image('image', 'The image to modify; may carry the mask in its alpha channel', { required: true, role: 'image' }),
    image('mask', 'Black keeps, white repaints; same size as the image; optional when the image has an alpha mask', {
      nullable: true,
      role: 'mask',
    }),
    ...generationControls('Describes the changes'),
  ],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: {},
  rules: [
    { kind: 'same-dimensions', field: 'mask', as: 'image' },
    { kind: 'alpha-or-field', image: 'image', field: 'mask' },
  ],
};

const side = (name: 'top' | 'bottom' | 'left' | 'right') =>
  integer(name, `Pixels added at the ${name}`, { nullable: true, default: 0, min: 0, max: 2048, role: 'expand-side' });

export const genProExpand: EndpointSpec = {
  id: 'gen-pro-1.0-expand',
  path: 'gen-pro-1.0-expand',
  base: 'base_url',
  title: 'Pro 1.0 Expand',
  summary: 'Outpainting: extend an image by pixels on any side',
  kind: 'expand',
  release: 'snapshot',
  documentation: 'specified',
  fields: [
    image('image', 'The image to expand', { required: true, role: 'image' }),
    side('top'),
    side('bottom'),
    side('left'),
    side('right'),
    ...generationControls('Guides what fills the expanded areas'),
  ],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: {},
  rules: [],
};
