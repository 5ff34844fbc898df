import sharp from 'sharp';
import { splitBoundingBoxes } from '../../../shared/catalog/boundingBoxes';
import { findEndpoint } from '../../../shared/catalog/catalog';
import type { BoundingBox } from '../../../shared/canvas/document';
import { canvasUse } from '../../../shared/canvas/request';
import type { LibraryItem } from '../../../shared/ipc/contract';
import type { LayerSources, SourcePicture } from './buildLayered';
import { generationOf, metadataOf, type SourceDeps } from './layerSources';

type Input = LibraryItem['inputs'][number];
const isStored = (i: Input) => /^[a-f0-9]{64}$/.test(i.assetId) && i.time === undefined;
const numberParam = (params: LibraryItem['params'], name: string) => (typeof params[name] === 'number' ? params[name] : 0);

/**
 * Which of a task's recorded inputs is the picture it worked on, which its mask and which its references, read
 * with the catalog's roles as the studio's request wrote them (canvasRequest). A model without a picture field of
 * its own took the picture as its first reference; an endpoint the catalog no longer knows keeps its first input
 * as the picture and the rest as references.
 */
function rolesOf(item: LibraryItem) {
  const endpoint = findEndpoint(item.endpointId);
  const use = endpoint ? canvasUse(endpoint) : null;
  const stored = item.inputs.filter(isStored);
  const mask = stored.find((i) => i.field === use?.maskField || (!use && /mask/i.test(i.field))) ?? null;
  const others = stored.filter((i) => i !== mask);
  const picture = others.find((i) => i.field === use?.imageField) ?? others[0] ?? null;
  return { use, picture, mask, references: others.filter((i) => i !== picture) };
}

/** The expansion's margins or the outpainting frame the task sent, around a picture of this size. */
function frameOf(item: LibraryItem, use: ReturnType<typeof rolesOf>['use'], picture: { width: number; height: number }): LayerSources['frame'] {
  if (!use) return null;
  const p = item.params;
  if (use.outpaint && numberParam(p, 'width') > 0 && numberParam(p, 'height') > 0) {
    return { width: numberParam(p, 'width'), height: numberParam(p, 'height'), offsetX: numberParam(p, 'reference_offset_x'), offsetY: numberParam(p, 'reference_offset_y') };
  }
  const [top, bottom, left, right] = (['top', 'bottom', 'left', 'right'] as const).map((side) => (use.expandSides.includes(side) ? numberParam(p, side) : 0));
  if (top! + bottom! + left! + right! === 0) return null;
  return { width: picture.width + left! + right!, height: picture.height + top! + bottom!, offsetX: left!, offsetY: top! };
}

/** A mask sent in the picture's alpha (transparent = change) as the grey mask the studio paints (white = change). */
async function alphaAsMask(picture: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(picture).extractChannel(3).negate().png().toBuffer());
}

/** The boxes the prompt carried (0..1000 of the output), in pixels of the result. */
function boxesOf(item: LibraryItem, use: ReturnType<typeof rolesOf>['use']): BoundingBox[] {
  const prompt = use?.boxes && use.promptField ? item.params[use.promptField] : null;
  if (typeof prompt !== 'string' || !item.width || !item.height) return [];
  const [w, h] = [item.width / 1000, item.height / 1000];
  return splitBoundingBoxes(prompt).boxes.map((b, i) => ({
    id: `box-${i + 1}`,
    label: b.label,
    x: Math.round(b.box[0] * w),
    y: Math.round(b.box[1] * h),
    width: Math.round((b.box[2] - b.box[0]) * w),
    height: Math.round((b.box[3] - b.box[1]) * h),
  }));
}

/**
 * A gallery result's layers, what the studio's export would have held when it was made: the picture the task
 * worked on (when it is still in the store) under the result, the mask it sent as the result's layer mask, the
 * expansion or outpainting frame as the document (the picture at its offset, the result filling it), the other
 * pictures it sent as the references and the prompt's boxes.
 */
export async function resultSources(d: SourceDeps, resultId: string): Promise<LayerSources> {
  const item = d.result(resultId);
  if (!item) throw new Error('the result is not in the library');
  const made = generationOf(d, resultId);
  const { use, picture, mask, references } = rolesOf(item);
  const bytesOf = (i: Input | null) => (i ? d.assetBytes(i.assetId).catch(() => null) : Promise.resolve(null));
  const original = await bytesOf(picture);
  const size = original ? await sharp(original).metadata() : null;
  const frame = size?.width && size.height ? frameOf(item, use, { width: size.width, height: size.height }) : null;
  const refs = (await Promise.all(references.map(async (r, i) => ({ name: `Reference ${i + 1} · ${r.field}`, bytes: await bytesOf(r) })))).filter(
    (r): r is { name: string; bytes: Uint8Array } => r.bytes !== null,
  );
  const result: SourcePicture = { name: made?.name ?? 'Result', bytes: await d.resultBytes(resultId), ...(frame ? { at: { left: 0, top: 0 } } : {}) };
  return {
    pictures: [...(original ? [{ name: `Original · ${picture!.field}`, bytes: original }] : []), result],
    frame,
    mask: (await bytesOf(mask)) ?? (use?.alphaMask && size?.hasAlpha && original ? await alphaAsMask(original) : null),
    references: refs,
    boxes: boxesOf(item, use),
    metadata: metadataOf(d, [made ? { layer: made.name, metadata: made.metadata } : null], {}),
  };
}
