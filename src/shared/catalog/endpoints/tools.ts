import { outputFormatJpegPng, seed, webhookFields } from '../common';
import type { EndpointSpec } from '../endpoint';
import { enumeration, image, integer, number, string, video } from '../field';
import { VIDEO_UPSCALE_SOURCE } from '../video';

const TOOL_INFERRED = (id: string) => `the document lists ${id} by name and purpose, not its payload`;

const vto = (id: 'vto-v1' | 'vto-v2'): EndpointSpec => {
  const inferred = TOOL_INFERRED(id);
  const v1 = id === 'vto-v1';
  return {
    id,
    path: `gen-tools/${id}`,
    base: 'base_url',
    title: v1 ? 'Virtual try-on v1' : 'Virtual try-on v2',
    summary: v1 ? 'Dress a person in a garment (v2 is recommended)' : 'Dress a person in a garment (recommended)',
    kind: 'tool',
    release: 'snapshot',
    documentation: 'named',
    inferred,
    fields: [
      image('person_image', 'Photo of the person', { required: true, role: 'person', encoding: 'base64-or-url', inferred }),
      image('garment_image', 'Photo of the garment', { required: true, role: 'garment', encoding: 'base64-or-url', inferred }),
      seed({ inferred }),
      { ...outputFormatJpegPng('jpeg'), inferred },
      ...webhookFields,
    ],
    responses: ['AsyncResponse'],
    maxReferences: 0,
    limits: v1 ? { downscalesAboveMegapixels: 2, downscalesToMegapixels: 1 } : { maxInputMegapixels: 4 },
    rules: v1 ? [] : [{ kind: 'max-input-megapixels', fields: ['person_image', 'garment_image'], max: 4 }],
    notes: v1
      ? ['Inputs up to 2 MP; larger inputs are downscaled to about 1 MP.', 'vto-v2 is the recommended version.']
      : ['Same request and response format as vto-v1.'],
  };
};

export const vtoV1 = vto('vto-v1');
export const vtoV2 = vto('vto-v2');

export const deblurV1: EndpointSpec = {
  id: 'deblur-v1',
  path: 'gen-tools/deblur-v1',
  base: 'base_url',
  title: 'Deblur',
  summary: 'Sharpen a blurred image; no prompt, no mask',
  kind: 'tool',
  release: 'snapshot',
  documentation: 'named',
  inferred: TOOL_INFERRED('deblur-v1'),
  fields: [
    image('image', 'The image to deblur, up to 4 MP', {
      required: true,
      role: 'image',
      encoding: 'base64-or-url',
      inferred: `${TOOL_INFERRED('deblur-v1')}; one image input is stated, its name is not`,
    }),
    ...webhookFields,
  ],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: { maxInputMegapixels: 4 },
  rules: [{ kind: 'max-input-megapixels', fields: ['image'], max: 4 }],
};

export const eraseV1: EndpointSpec = {
  id: 'erase-v1',
  path: 'gen-tools/erase-v1',
  base: 'base_url',
  title: 'Erase',
  summary: 'Remove an object: paint over it and it is gone; no prompt',
  kind: 'tool',
  release: 'snapshot',
  documentation: 'named',
  inferred: TOOL_INFERRED('erase-v1'),
  fields: [
    image('image', 'The image to clean', { required: true, role: 'image', inferred: TOOL_INFERRED('erase-v1') }),
    image('mask', 'Binary mask: white marks what to remove', { required: true, role: 'mask', inferred: TOOL_INFERRED('erase-v1') }),
    integer('edge_expansion', 'Grow the mask by this many pixels before erasing', {
      nullable: true,
      default: 0,
      min: 0,
      max: 100,
      group: 'advanced',
      inferred: `${TOOL_INFERRED('erase-v1')}; "optional edge expansion" is stated, its name and range are not`,
    }),
    ...webhookFields,
  ],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: {},
  rules: [{ kind: 'same-dimensions', field: 'mask', as: 'image' }],
};

export const outpaintingV1: EndpointSpec = {
  id: 'outpainting-v1',
  path: 'gen-tools/outpainting-v1',
  base: 'base_url',
  title: 'Outpainting',
  summary: 'Place an image inside a larger canvas and fill the rest',
  kind: 'tool',
  release: 'snapshot',
  documentation: 'named',
  inferred: TOOL_INFERRED('outpainting-v1'),
  fields: [
    image('image', 'The original to place', { required: true, role: 'image', inferred: TOOL_INFERRED('outpainting-v1') }),
    integer('width', 'Width of the result in pixels', {
      required: true,
      min: 64,
      role: 'outpaint-size',
      inferred: 'width is stated; that it is required and at least 64 is inferred',
    }),
    integer('height', 'Height of the result in pixels', {
      required: true,
      min: 64,
      role: 'outpaint-size',
      inferred: 'height is stated; that it is required and at least 64 is inferred',
    }),
    integer('reference_offset_x', 'Where the original’s left edge sits in the result', {
      default: 0,
      min: 0,
      role: 'outpaint-offset',
      inferred: 'reference_offset_x is stated; its default and minimum are inferred',
    }),
    integer('reference_offset_y', 'Where the original’s top edge sits in the result', {
      default: 0,
      min: 0,
      role: 'outpaint-offset',
      inferred: 'reference_offset_y is stated; its default and minimum are inferred',
    }),
    enumeration('mode', 'fast, or high quality (the default)', ['fast', 'high'], { default: 'high' }),
    string('prompt', 'Guides the new area', {
      nullable: true,
      role: 'prompt',
      multiline: true,
      inferred: TOOL_INFERRED('outpainting-v1'),
    }),
    ...webhookFields,
  ],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: { maxOutputMegapixels: 4 },
  rules: [
    { kind: 'max-output-megapixels', width: 'width', height: 'height', max: 4 },
    {
      kind: 'fits-inside',
      image: 'image',
      width: 'width',
      height: 'height',
      offsetX: 'reference_offset_x',
      offsetY: 'reference_offset_y',
    },
  ],
  notes: ['Omitting mode keeps the high-quality behaviour.'],
};

export const videoUpscaleV1: EndpointSpec = {
  id: 'video-upscale-v1',
  path: 'gen-tools/video-upscale-v1',
  base: 'base_url',
  title: 'Video upscale',
  summary: 'Upscale a clip 1.5x to 3x, precise or creative',
  kind: 'tool',
  release: 'snapshot',
  documentation: 'named',
  inferred: TOOL_INFERRED('video-upscale-v1'),
  longRunning: true,
  fields: [
    video('video', 'The clip to upscale', { required: true, role: 'video', inferred: TOOL_INFERRED('video-upscale-v1') }),
    number('upscale_factor', 'How much larger', {
      min: 1.5,
      max: 3,
      inferred: 'the range 1.5 to 3 is stated; whether it is required, and its default, are not: optional, the service chooses when absent',
    }),
    integer('creativity', '0 stays precise, 1 adds creative detail', {
      default: 1,
      min: 0,
      max: 1,
      inferred: 'the document names only 0 (precise) and 1 (creative), default 1; whether values between them are accepted is not stated, so a whole number 0 or 1',
    }),
    string('prompt', 'Optional guidance for the added detail', { nullable: true, role: 'prompt', multiline: true }),
    ...webhookFields,
  ],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: {
    maxVideoSeconds: VIDEO_UPSCALE_SOURCE.maxSeconds,
    maxVideoBytes: VIDEO_UPSCALE_SOURCE.maxBytes,
    maxVideoWidth: VIDEO_UPSCALE_SOURCE.maxWidth,
    maxVideoHeight: VIDEO_UPSCALE_SOURCE.maxHeight,
    maxOutputMegapixels: VIDEO_UPSCALE_SOURCE.maxOutputMegapixels,
  },
  rules: [
    {
      kind: 'video-source',
      field: 'video',
      takes: 'video upscaling takes',
      maxSeconds: VIDEO_UPSCALE_SOURCE.maxSeconds,
      maxBytes: VIDEO_UPSCALE_SOURCE.maxBytes,
      maxWidth: VIDEO_UPSCALE_SOURCE.maxWidth,
      maxHeight: VIDEO_UPSCALE_SOURCE.maxHeight,
    },
  ],
  notes: ['Output is capped near 14.4 MP per frame.', 'Clips rejected for breaking the source limits are not charged.'],
};
