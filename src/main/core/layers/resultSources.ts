import sharp from 'sharp';
import { splitBoundingBoxes } from '../../../shared/catalog/boundingBoxes';
import type { BoundingBox } from '../../../shared/canvas/document';
import type { LibraryItem } from '../../../shared/ipc/contract';
import type { LayerSources } from './buildLayered';
import { generationOf, metadataOf, type SourceDeps } from './layerSources';
import { resultLayer, rolesOf, sentFrame } from './resultFrame';

type Input = LibraryItem['inputs'][number];

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
  const frame = size?.width && size.height ? sentFrame(item, { width: size.width, height: size.height }) : null;
  const refs = (await Promise.all(references.map(async (r, i) => ({ name: `Reference ${i + 1} · ${r.field}`, bytes: await bytesOf(r) })))).filter(
    (r): r is { name: string; bytes: Uint8Array } => r.bytes !== null,
  );
  const result = resultLayer(item, made?.name ?? 'Result', await d.resultBytes(resultId));
  return {
    pictures: [...(original ? [{ name: `Original · ${picture!.field}`, bytes: original }] : []), result],
    frame,
    mask: (await bytesOf(mask)) ?? (use?.alphaMask && size?.hasAlpha && original ? await alphaAsMask(original) : null),
    references: refs,
    boxes: boxesOf(item, use),
    metadata: metadataOf(d, [made ? { layer: made.name, metadata: made.metadata } : null], {}),
  };
}
