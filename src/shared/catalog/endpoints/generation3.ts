import { BOUNDING_BOX_SHAPE_INFERRED } from '../boundingBoxes';
import { outputFormatJpegPng, referenceFields, referenceLimit, safetyTolerance, seed, webhookFields } from '../common';
import type { EndpointSpec } from '../endpoint';
import { enumeration, keyframes, number, string, video } from '../field';
import { VIDEO_KEYFRAMES, VIDEO_MAX_SECONDS, VIDEO_MODES, VIDEO_RESOLUTIONS } from '../video';

/** Both third-generation endpoints: on the service's base address, snapshots the document names but does not specify. */
const GEN3_FAMILY = { base: 'base_url', release: 'snapshot', documentation: 'named' } as const;

const GEN3_IMAGE_RESOLUTIONS = ['768sq', '1k', '2k', '4k'] as const;

/** Fifteen ratios from 3:1 to 1:3; the document gives the count, not the list. */
const GEN3_IMAGE_ASPECT_RATIOS = [
  '3:1', '21:9', '2:1', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16', '1:2', '9:21', '1:3',
] as const;

const GEN3_INFERRED = 'the document names the third-generation image endpoint without its payload';

export const gen3Image: EndpointSpec = {
  id: 'gen-3-image',
  path: 'gen-3-image',
  inferredPath: 'the document does not give the path; named after gen-3-video',
  ...GEN3_FAMILY,
  title: 'Gen 3 Image',
  summary: 'Generate or edit (the prompt decides), up to ten references, bounding boxes in the prompt',
  kind: 'multi-reference',
  inferred: GEN3_INFERRED,
  fields: [
    string('prompt', 'What to generate or change; refer to references by position ("image 2"); boxes are appended', {
      required: true,
      role: 'prompt',
      multiline: true,
    }),
    ...referenceFields(10, {
      encoding: 'base64-or-url',
      nullable: true,
      describe: (n) => `Reference image ${n}`,
      inferred: `${GEN3_INFERRED}; references named by position like the gen-2 endpoints`,
    }),
    enumeration('resolution', 'Output resolution class, from 768 square to 4k', GEN3_IMAGE_RESOLUTIONS, {
      nullable: true,
      role: 'resolution',
      inferred: `${GEN3_INFERRED}; the document gives the range 768sq to 4k`,
    }),
    enumeration('aspect_ratio', 'Output aspect ratio', GEN3_IMAGE_ASPECT_RATIOS, {
      nullable: true,
      role: 'aspect-ratio',
      inferred: `${GEN3_INFERRED}; the document gives 15 ratios without listing them`,
    }),
    seed({ inferred: GEN3_INFERRED }),
    { ...safetyTolerance(5), inferred: GEN3_INFERRED },
    { ...outputFormatJpegPng('jpeg'), inferred: GEN3_INFERRED },
    ...webhookFields,
  ],
  responses: ['AsyncResponse'],
  limits: {},
  ...referenceLimit(10),
  promptAppendix: 'bounding-boxes',
  notes: [`Bounding boxes: ${BOUNDING_BOX_SHAPE_INFERRED}`],
};

const VIDEO_INFERRED = 'the document describes gen-3-video by its modes and limits, not its payload';

export const gen3Video: EndpointSpec = {
  id: 'gen-3-video',
  path: 'gen-3-video',
  ...GEN3_FAMILY,
  title: 'Gen 3 Video',
  summary: 'Text to video, keyframes to video, continuation and draft enhancement, 24 fps with audio',
  kind: 'video',
  inferred: VIDEO_INFERRED,
  longRunning: true,
  fields: [
    enumeration('mode', 'What the video starts from', VIDEO_MODES, {
      required: true,
      role: 'video-mode',
      inferred: `${VIDEO_INFERRED}; the four modes are stated, the field name is not`,
    }),
    string('prompt', 'What happens in the video', { nullable: true, role: 'prompt', multiline: true, inferred: VIDEO_INFERRED }),
    enumeration('resolution', 'Frame size: hd, fhd (1920 x 1088), qhd (2560 x 1440) or uhd (3840 x 2176); drafts render at hd', VIDEO_RESOLUTIONS, {
      nullable: true,
      role: 'resolution',
    }),
    number('duration', 'Length in seconds: up to 20 (15 when continuing a video)', {
      nullable: true,
      min: 1,
      max: Math.max(...Object.values(VIDEO_MAX_SECONDS)),
      inferred: `${VIDEO_INFERRED}; the limits per mode are stated, the field name and the minimum are not`,
    }),
    keyframes('keyframes', 'Images pinned to times in the clip (image to video)', {
      nullable: true,
      minItems: VIDEO_KEYFRAMES.min,
      maxItems: VIDEO_KEYFRAMES.max,
      role: 'keyframes',
      inferred: `${VIDEO_INFERRED}; 1 to 10 keyframes are stated; each is {image, time in seconds}`,
    }),
    video('video', 'The clip to continue or the draft to enhance', {
      nullable: true,
      role: 'video',
      inferred: VIDEO_INFERRED,
    }),
    seed({ inferred: VIDEO_INFERRED }),
    ...webhookFields,
  ],
  responses: ['AsyncResponse'],
  maxReferences: 0,
  limits: {},
  rules: [
    { kind: 'duration-by-mode', modeField: 'mode', durationField: 'duration', maxByMode: VIDEO_MAX_SECONDS },
    { kind: 'required-when', field: 'keyframes', whenField: 'mode', whenValues: ['i2v'] },
    { kind: 'required-when', field: 'video', whenField: 'mode', whenValues: ['v2v', 'draft_enhance'] },
    { kind: 'keyframes-within-duration', field: 'keyframes', durationField: 'duration' },
    // The 15 s limit of a continuation is read as a limit on the clip it continues too (the issue asks for it;
    // the document states only the output's length).
    {
      kind: 'video-source',
      field: 'video',
      takes: 'a continuation can start from',
      maxSeconds: VIDEO_MAX_SECONDS.v2v,
      when: { field: 'mode', values: ['v2v'] },
    },
  ],
  notes: ['Audio is generated with the frames.', 'The final polling answer carries the settled cost.'],
};
