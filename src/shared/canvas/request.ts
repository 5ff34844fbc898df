import { appendBoundingBoxes, BOX_SCALE, type BoundingBox as PromptBox } from '../catalog/boundingBoxes';
import { referenceFieldNames } from '../catalog/common';
import type { EndpointSpec } from '../catalog/endpoint';
import type { JsonValue } from '../catalog/field';
import type { TaskRequest } from '../tasks/taskRequest';
import { intentFor } from '../studio/intents';
import type { BoundingBox, CanvasDocument } from './document';
import { keyframeTimes, videoDuration, videoMode } from './timeline';

/** Which canvas layers feed an endpoint's request, read from its fields' roles in the catalog. */
export interface CanvasUse {
  /** The field the base image fills (`image`), if any. */
  readonly imageField: string | null;
  readonly maskField: string | null;
  /** The mask may travel in the image's alpha instead of its own field. */
  readonly alphaMask: boolean;
  /** Reference fields in the order the prompt names them. */
  readonly referenceFields: readonly string[];
  readonly expandSides: readonly ('top' | 'bottom' | 'left' | 'right')[];
  readonly expandMax: number;
  readonly outpaint: boolean;
  readonly boxes: boolean;
  readonly promptField: string | null;
  /** The video model's fields the timeline fills: the mode, the keyframes and the source video. */
  readonly modeField: string | null;
  readonly keyframesField: string | null;
  readonly videoField: string | null;
  readonly durationField: string | null;
}

const SIDES = ['top', 'bottom', 'left', 'right'] as const;

export function canvasUse(endpoint: EndpointSpec): CanvasUse {
  const byRole = (role: string) => endpoint.fields.filter((f) => f.role === role);
  const expand = byRole('expand-side');
  const firstExpand = expand[0];
  return {
    imageField: byRole('image')[0]?.name ?? null,
    maskField: byRole('mask')[0]?.name ?? null,
    alphaMask: endpoint.rules.some((r) => r.kind === 'alpha-or-field'),
    referenceFields: referenceFieldNames(endpoint.maxReferences).filter((name) => endpoint.fields.some((f) => f.name === name)),
    expandSides: SIDES.filter((side) => expand.some((f) => f.name === side)),
    expandMax: firstExpand?.type === 'integer' ? (firstExpand.max ?? 2048) : 0,
    outpaint: byRole('outpaint-size').length > 0,
    boxes: endpoint.promptAppendix === 'bounding-boxes',
    promptField: byRole('prompt')[0]?.name ?? null,
    modeField: byRole('video-mode')[0]?.name ?? null,
    keyframesField: byRole('keyframes')[0]?.name ?? null,
    // The upscaler's clip is a plain field the upscaling panel fills; only the video model's comes from the timeline.
    videoField: byRole('video-mode').length > 0 ? (byRole('video')[0]?.name ?? null) : null,
    durationField: byRole('video-mode').length > 0 ? (endpoint.fields.find((f) => f.name === 'duration')?.name ?? null) : null,
  };
}

/**
 * What a document sends to an endpoint, in the intent it works in. An editor with no image field of its own (the
 * gen-2 family, the context and third-generation models) takes the canvas picture as its first image when the
 * intent sends the picture, and the board follows it; try-on takes the picture as the person and the first
 * reference as the garment; Create sends words only. Everything that numbers images (request, board, prompt)
 * reads this one answer, so they agree.
 */
export function documentUse(endpoint: EndpointSpec, document: Pick<CanvasDocument, 'intent' | 'base'>): CanvasUse & { readonly pictureFirst: boolean } {
  const use = canvasUse(endpoint);
  // A document saved before the studio prepared the canvas for editing: it keeps sending its images.
  const intent = intentFor(document.intent ?? 'edit', endpoint.id);
  if (!intent.sendsPicture) return { ...use, imageField: null, referenceFields: [], boxes: false, pictureFirst: false };
  const person = endpoint.fields.find((f) => f.role === 'person');
  const garment = endpoint.fields.find((f) => f.role === 'garment');
  if (person && garment) return { ...use, imageField: person.name, referenceFields: [garment.name], pictureFirst: false };
  if (use.imageField === null && use.referenceFields.length > 0 && document.base) {
    return { ...use, imageField: use.referenceFields[0]!, referenceFields: use.referenceFields.slice(1), pictureFirst: true };
  }
  return { ...use, pictureFirst: false };
}

/** Canvas fields the form leaves to the canvas: images, mask, references, margins and the outpaint frame. */
export function isCanvasField(endpoint: EndpointSpec, name: string): boolean {
  const use = canvasUse(endpoint);
  return (
    name === use.imageField ||
    name === use.maskField ||
    use.referenceFields.includes(name) ||
    (use.expandSides as readonly string[]).includes(name) ||
    name === use.keyframesField ||
    name === use.videoField ||
    endpoint.fields.some((f) => f.name === name && (f.role === 'outpaint-size' || f.role === 'outpaint-offset' || f.role === 'person' || f.role === 'garment'))
  );
}

const clampScale = (v: number) => Math.max(0, Math.min(BOX_SCALE, Math.round(v)));

/** Boxes in image pixels as the prompt carries them: normalised to 0..1000 of the image. */
export function promptBoxes(boxes: readonly BoundingBox[], width: number, height: number): PromptBox[] {
  return boxes.map((b) => ({
    label: b.label,
    box: [
      clampScale((b.x / width) * BOX_SCALE),
      clampScale((b.y / height) * BOX_SCALE),
      clampScale(((b.x + b.width) / width) * BOX_SCALE),
      clampScale(((b.y + b.height) / height) * BOX_SCALE),
    ],
  }));
}

/** The prompt as it will be sent, with the box list appended where the endpoint takes one. */
export function finalPrompt(endpoint: EndpointSpec, document: CanvasDocument): string {
  const use = canvasUse(endpoint);
  const values = document.formValues[endpoint.id] ?? {};
  const prompt = use.promptField && typeof values[use.promptField] === 'string' ? (values[use.promptField] as string) : '';
  if (!use.boxes || !documentUse(endpoint, document).boxes || !document.base || document.boxes.length === 0) return prompt;
  return appendBoundingBoxes(prompt, promptBoxes(document.boxes, document.base.width, document.base.height));
}

export interface CanvasAssets {
  /** The exported mask, when the document has one and the endpoint takes it as a field. */
  readonly maskAssetId?: string;
  /** The base image with the mask in its alpha, when the mask travels that way. */
  readonly alphaImageAssetId?: string;
}

/**
 * The exact request a submission of this document would send: the form's values, the canvas's margins,
 * outpaint frame and prompt boxes as parameters, and every image by asset id under the field it fills.
 */
export function canvasRequest(endpoint: EndpointSpec, document: CanvasDocument, assets: CanvasAssets = {}): TaskRequest {
  const use = documentUse(endpoint, document);
  const params: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(document.formValues[endpoint.id] ?? {})) {
    if (value !== undefined && value !== null && !isCanvasField(endpoint, name)) params[name] = value;
  }
  for (const side of use.expandSides) params[side] = document.expansion[side];
  if (use.outpaint && document.outpaint) {
    params.width = document.outpaint.width;
    params.height = document.outpaint.height;
    params.reference_offset_x = document.outpaint.offsetX;
    params.reference_offset_y = document.outpaint.offsetY;
  }
  if (use.promptField && (use.boxes || params[use.promptField] !== undefined)) {
    const prompt = finalPrompt(endpoint, document);
    if (prompt.length > 0) params[use.promptField] = prompt;
  }

  // The timeline's length and mode are what the artist sees, so the request sends them even when the form holds none.
  if (use.modeField) params[use.modeField] = videoMode(document);
  if (use.durationField) params[use.durationField] = videoDuration(document);

  const inputs: TaskRequest['inputs'] = {};
  if (use.keyframesField && (params[use.modeField ?? ''] === 'i2v' || params[use.modeField ?? ''] === 'draft_enhance') && document.timeline.keyframes.length > 0) {
    inputs[use.keyframesField] = keyframeTimes(document);
  }
  const source = document.timeline.source;
  if (use.videoField && source && (params[use.modeField ?? ''] === 'v2v' || params[use.modeField ?? ''] === 'draft_enhance')) inputs[use.videoField] = { assetId: source.assetId };
  const alpha = use.alphaMask && document.mask.exportAs === 'alpha' && assets.alphaImageAssetId;
  if (use.imageField && document.base) inputs[use.imageField] = { assetId: alpha ? assets.alphaImageAssetId! : document.base.assetId };
  if (use.maskField && assets.maskAssetId && !alpha) inputs[use.maskField] = { assetId: assets.maskAssetId };
  document.references.slice(0, use.referenceFields.length).forEach((ref, i) => {
    inputs[use.referenceFields[i]!] = { assetId: ref.assetId };
  });
  return { endpointId: endpoint.id, params, inputs };
}

/** References past the endpoint's limit: what switching to it would leave out. */
export function referencesLeftOut(endpoint: EndpointSpec, document: CanvasDocument): CanvasDocument['references'] {
  return document.references.slice(documentUse(endpoint, document).referenceFields.length);
}

/** Output size after the margins, for the readout. */
export function expandedSize(document: CanvasDocument): { width: number; height: number } | null {
  if (!document.base) return null;
  const e = document.expansion;
  return { width: document.base.width + e.left + e.right, height: document.base.height + e.top + e.bottom };
}

/** The margins that grow the image to a target aspect ratio, split evenly between the two sides that grow. */
export function marginsForAspect(width: number, height: number, ratio: number, max: number): CanvasDocument['expansion'] {
  const none = { top: 0, bottom: 0, left: 0, right: 0 };
  if (width / height < ratio) {
    const extra = Math.min(2 * max, Math.round(height * ratio) - width);
    return { ...none, left: Math.floor(extra / 2), right: Math.ceil(extra / 2) };
  }
  const extra = Math.min(2 * max, Math.round(width / ratio) - height);
  return { ...none, top: Math.floor(extra / 2), bottom: Math.ceil(extra / 2) };
}
