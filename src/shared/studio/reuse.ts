import type { CanvasDocument, ImageRef, Keyframe, VideoRef } from '../canvas/document';
import { canvasUse, documentUse, isCanvasField } from '../canvas/request';
import { secondsToFrame } from '../canvas/timeline';
import { BOX_SCALE, splitBoundingBoxes } from '../catalog/boundingBoxes';
import type { EndpointSpec } from '../catalog/endpoint';
import type { JsonValue } from '../catalog/field';
import { words, wordsList, type Words } from '../i18n/words';
import { INTENTS, type Intent } from './intents';

/** A stored input of a result, as the asset store answers it: an image, or a clip with its length. */
interface ReusedAsset {
  readonly assetId: string;
  readonly name: string;
  readonly kind: 'image' | 'video';
  readonly width: number;
  readonly height: number;
  readonly seconds: number | null;
}

/** One input of the request that made a result: the field it filled, the asset (null when no longer stored). */
export interface ReusedInput {
  readonly field: string;
  readonly asset: ReusedAsset | null;
  /** a keyframe's time in seconds */
  readonly time?: number | undefined;
}

export interface Reuse {
  /** The document that sends the result's request again. */
  readonly document: CanvasDocument;
  readonly intent: Intent;
  /** The mask the result was made with, to load into the mask layer once the picture is set. */
  readonly maskAssetId: string | null;
  /** What was on the canvas and is replaced, as words ("the picture", "the 3 references"): undo brings it back. */
  readonly replaced: readonly Replaced[];
  /** Inputs of the request that are no longer stored, as words (the picture apart: see `pictureMissing`). */
  readonly missing: readonly Words[];
  /**
   * The request's picture is no longer stored: the canvas is left without one (never the picture it showed, which
   * the next Generate would be charged on) until the artist gives one.
   */
  readonly pictureMissing: boolean;
}

/**
 * The intent a result was made in: among the intents that list its model, the one that sends the picture when the
 * request had an image, and one that sends words only when it had none (an editor's text-to-image result opens on
 * Create, its edit on Edit with references).
 */
export function reuseIntent(endpoint: EndpointSpec, inputFields: readonly string[]): Intent {
  const listing = INTENTS.filter((i) => i.models.includes(endpoint.id));
  const use = canvasUse(endpoint);
  const images = inputFields.some((f) => f === use.imageField || use.referenceFields.includes(f) || endpoint.fields.some((x) => x.name === f && (x.role === 'person' || x.role === 'garment')));
  return listing.find((i) => i.sendsPicture === images) ?? listing[0] ?? INTENTS[0]!;
}

/** One thing on the canvas a reuse replaced, as words, with how many it counts for ("the 3 references": 3). */
export interface Replaced {
  readonly said: Words;
  readonly count: number;
}

/** An input field of a request in the artist's words: "the picture", "image 2", "a keyframe". */
function inputWords(endpoint: EndpointSpec, field: string): Words {
  const spec = endpoint.fields.find((f) => f.name === field);
  const use = canvasUse(endpoint);
  if (spec?.role === 'person') return words('studio.reuse.input.person');
  if (spec?.role === 'garment') return words('studio.reuse.input.garment');
  if (spec?.role === 'mask') return words('studio.reuse.input.mask');
  if (spec?.role === 'keyframes') return words('studio.reuse.input.keyframe');
  if (spec?.type === 'video') return words('studio.reuse.thing.clip');
  const n = use.referenceFields.indexOf(field);
  if (n === 0 && use.imageField === null) return words('studio.reuse.input.firstImage');
  if (n >= 0) return words('studio.reuse.input.image', { n: n + 1 });
  return words('studio.reuse.thing.picture');
}

const replacedThing = (said: Words, count = 1): Replaced => ({ said, count });

const imageRef = (a: ReusedAsset): ImageRef => ({ assetId: a.assetId, name: a.name, width: a.width, height: a.height });

/** A box edge in 0..1000 back to a pixel that the request builder sends as that same number again. */
function boxEdge(scaled: number, size: number): number {
  const near = Math.round((scaled / BOX_SCALE) * size);
  for (const x of [near, near - 1, near + 1]) if (Math.round((x / size) * BOX_SCALE) === scaled) return x;
  return near;
}

/**
 * The document a result's request comes from again: the result's intent and model, its parameters as the form
 * holds them (the prompt without the box list, which goes back to boxes), and its inputs where the canvas keeps
 * them (the picture, references, margins, outpaint frame, boxes, keyframes and clip). What the request did not
 * use stays as it was: a Create result leaves the picture and the board alone; an inpaint leaves the board.
 */
export function reuseDocument(
  document: CanvasDocument,
  endpoint: EndpointSpec,
  params: Readonly<Record<string, JsonValue>>,
  inputs: readonly ReusedInput[],
  fieldLabel: (field: string) => Words = (f) => inputWords(endpoint, f),
): Reuse {
  // Long (over 80 lines) as one pass over the request's inputs is: each kind (picture, references, margins, frame,
  // boxes, keyframes, clip) is placed where the canvas keeps it, a few lines each.
  const intent = reuseIntent(
    endpoint,
    inputs.map((i) => i.field),
  );
  const byField = new Map(inputs.filter((i) => i.asset).map((i) => [i.field, i.asset!]));
  const raw = canvasUse(endpoint);
  // Which field held the picture: an editor in an intent that sends it takes the picture as its first image.
  const pictureField = intent.sendsPicture ? (documentUse(endpoint, { intent: intent.id, base: { assetId: 'x', name: '', width: 1, height: 1 } }).imageField ?? null) : null;
  const picture = pictureField ? byField.get(pictureField) : undefined;
  const pictureMissing = pictureField !== null && !picture;
  const missingWords = inputs.filter((i) => !i.asset && i.field !== pictureField).map((i) => fieldLabel(i.field));
  // Named once each: two keyframes gone are "a keyframe", said once.
  const missing = [...new Map(missingWords.map((w) => [JSON.stringify(w), w])).values()];
  // A picture no longer stored leaves the canvas empty: keeping the one shown would send (and charge) another picture.
  const base = picture ? imageRef(picture) : pictureField ? null : document.base;
  const use = documentUse(endpoint, { intent: intent.id, base });

  const values: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(params)) if (!isCanvasField(endpoint, name) && endpoint.fields.some((f) => f.name === name)) values[name] = value;
  let boxes = document.boxes;
  if (use.boxes && use.promptField && typeof values[use.promptField] === 'string' && base) {
    const split = splitBoundingBoxes(values[use.promptField] as string);
    values[use.promptField] = split.prompt;
    boxes = split.boxes.map((b, i) => {
      const x = boxEdge(b.box[0], base.width);
      const y = boxEdge(b.box[1], base.height);
      return { id: `reused-${i + 1}`, label: b.label, x, y, width: Math.max(1, boxEdge(b.box[2], base.width) - x), height: Math.max(1, boxEdge(b.box[3], base.height) - y) };
    });
  } else if (use.boxes) {
    boxes = [];
  }

  const references = use.referenceFields.length > 0 ? use.referenceFields.flatMap((f) => (byField.has(f) ? [imageRef(byField.get(f)!)] : [])) : document.references;
  const num = (name: string, fallback: number) => (typeof params[name] === 'number' ? (params[name] as number) : fallback);
  const expansion = use.expandSides.length > 0 ? { top: num('top', 0), bottom: num('bottom', 0), left: num('left', 0), right: num('right', 0) } : document.expansion;
  const sizeField = (role: string, i: number) => endpoint.fields.filter((f) => f.role === role)[i]?.name ?? '';
  const outpaint = use.outpaint
    ? {
        width: num(sizeField('outpaint-size', 0), base?.width ?? 1),
        height: num(sizeField('outpaint-size', 1), base?.height ?? 1),
        offsetX: num(sizeField('outpaint-offset', 0), 0),
        offsetY: num(sizeField('outpaint-offset', 1), 0),
      }
    : document.outpaint;

  let timeline = document.timeline;
  if (use.modeField) {
    const keyframes: Keyframe[] = inputs
      .filter((i) => i.field === use.keyframesField && i.asset && typeof i.time === 'number')
      .map((i, n) => ({ id: `reused-${n + 1}`, image: imageRef(i.asset!), frame: secondsToFrame(i.time!) }));
    const clip = use.videoField ? byField.get(use.videoField) : undefined;
    const source: VideoRef | null = clip ? { assetId: clip.assetId, name: clip.name, seconds: clip.seconds, resultId: null } : null;
    timeline = { keyframes: keyframes.sort((a, b) => a.frame - b.frame), source };
  }

  const replaced: Replaced[] = [];
  if (document.base && pictureField && document.base.assetId !== base?.assetId) replaced.push(replacedThing(words('studio.reuse.thing.picture')));
  const boardChanged = references !== document.references && (references.length !== document.references.length || references.some((r, i) => r.assetId !== document.references[i]?.assetId));
  const refsBefore = document.references.length;
  if (boardChanged && refsBefore > 0) replaced.push(replacedThing(words('studio.reuse.thing.references', { count: refsBefore }), refsBefore));
  const boxesBefore = document.boxes.length;
  if (boxes !== document.boxes && boxesBefore > 0) replaced.push(replacedThing(words('studio.reuse.thing.boxes', { count: boxesBefore }), boxesBefore));
  const keyframesBefore = document.timeline.keyframes.length;
  if (timeline !== document.timeline && keyframesBefore > 0) replaced.push(replacedThing(words('studio.reuse.thing.keyframes', { count: keyframesBefore }), keyframesBefore));
  if (timeline !== document.timeline && document.timeline.source && document.timeline.source.assetId !== timeline.source?.assetId) replaced.push(replacedThing(words('studio.reuse.thing.clip')));

  const next: CanvasDocument = {
    ...document,
    endpointId: endpoint.id,
    intent: intent.id,
    base,
    formValues: { ...document.formValues, [endpoint.id]: values },
    references,
    boxes,
    expansion,
    outpaint,
    timeline,
  };
  const maskField = raw.maskField;
  return { document: next, intent, maskAssetId: maskField ? (byField.get(maskField)?.assetId ?? null) : null, replaced, missing, pictureMissing };
}

/**
 * What a reuse says, as words: whose settings are back in the studio, that the picture is gone (Generate waits
 * until one is given), what it replaced on the canvas (undo brings it back) and what is no longer stored. One
 * message, so each language orders and joins its sentences itself; the things named are words of their own, listed
 * as the language lists. `mac` names the undo keys as the Mac's keyboard writes them.
 */
export function reuseMessage(model: string, reuse: Pick<Reuse, 'replaced' | 'missing' | 'pictureMissing'>, mac: boolean): Words {
  return words('studio.reuse.note', {
    model,
    picture: reuse.pictureMissing ? 'gone' : 'kept',
    replaced: wordsList(
      reuse.replaced.map((r) => r.said),
      'and',
    ),
    replacedCount: reuse.replaced.reduce((n, r) => n + r.count, 0),
    missing: wordsList(reuse.missing, 'and'),
    missingCount: reuse.missing.length,
    mac: mac ? 'yes' : 'no',
  });
}
