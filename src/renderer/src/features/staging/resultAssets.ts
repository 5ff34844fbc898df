import { findEndpoint } from '../../../../shared/catalog/catalog';
import { canvasUse } from '../../../../shared/canvas/request';
import type { AssetInfo, LibraryItem } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { assetInfo, remember } from '../canvas/assets';
import { loadImage, rgbaOf } from '../canvas/pixels';
import { saying, SayingError, toldSaying } from '../../ui/i18n/saying';
import { currentText } from '../../ui/i18n/textStore';
import { compositeInsideMask, maskFromGrey, maskFromTransparency } from './composite';

const fromLibrary = new Map<string, Promise<AssetInfo>>();
const composites = new Map<string, Promise<AssetInfo>>();

/** A library result as a stored image the canvas can use (asked once per result). */
export function resultAsset(resultId: string): Promise<AssetInfo> {
  let found = fromLibrary.get(resultId);
  if (!found) {
    found = gen.assets.fromLibrary({ resultId }).then((r) => {
      if (!r.ok) throw new SayingError(toldSaying(r.error));
      remember(r.value);
      return r.value;
    });
    // A failure is not remembered: the next try asks again.
    found.catch(() => fromLibrary.delete(resultId));
    fromLibrary.set(resultId, found);
  }
  return found;
}

async function libraryItem(resultId: string): Promise<LibraryItem> {
  const r = await gen.library.get({ id: resultId });
  if (!r.ok) throw new SayingError(toldSaying(r.error));
  return r.value;
}

async function pixelsOf(asset: AssetInfo): Promise<Uint8ClampedArray> {
  return rgbaOf(await loadImage(asset.url), asset.width, asset.height);
}

async function requireAsset(id: string, what: 'picture' | 'mask'): Promise<AssetInfo> {
  const info = await assetInfo(id);
  if (!info) throw new SayingError(saying('strip.composite.gone', { what }));
  return info;
}

async function encodePng(width: number, height: number, rgba: Uint8ClampedArray): Promise<Uint8Array> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new SayingError(saying('strip.composite.cannotDraw'));
  ctx.putImageData(new ImageData(rgba as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new SayingError(saying('strip.composite.notWritten'));
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * The result over the picture it was made from, changed only inside the mask that request carried (not
 * whatever the mask is now), at full resolution, stored as a new image. The request's own inputs are read from
 * the library's record of the result.
 */
async function makeComposite(resultId: string): Promise<AssetInfo> {
  const item = await libraryItem(resultId);
  const endpoint = findEndpoint(item.endpointId);
  const use = endpoint ? canvasUse(endpoint) : null;
  const imageInput = item.inputs.find((i) => i.field === use?.imageField);
  if (!imageInput) throw new SayingError(saying('strip.composite.noPicture'));
  const maskInput = item.inputs.find((i) => i.field === use?.maskField);
  const [result, original] = await Promise.all([resultAsset(resultId), requireAsset(imageInput.assetId, 'picture')]);
  if (result.width !== original.width || result.height !== original.height) {
    throw new SayingError(saying('strip.composite.otherSize', { width: result.width, height: result.height, pictureWidth: original.width, pictureHeight: original.height }));
  }
  const originalPixels = await pixelsOf(original);
  let mask: Uint8Array;
  if (maskInput) {
    const maskAsset = await requireAsset(maskInput.assetId, 'mask');
    if (maskAsset.width !== original.width || maskAsset.height !== original.height) throw new SayingError(saying('strip.composite.maskSize'));
    mask = maskFromGrey(await pixelsOf(maskAsset));
  } else {
    // No mask field: the request carried the mask in the picture's transparency.
    mask = maskFromTransparency(originalPixels);
  }
  const out = compositeInsideMask(originalPixels, await pixelsOf(result), mask);
  const bytes = await encodePng(result.width, result.height, out);
  const stem = item.fileName.replace(/\.[a-z0-9]+$/i, '');
  // A file the artist may find in the gallery or drag out: named in the language on screen when it is made.
  const stored = await gen.assets.import({ name: currentText().t('strip.composite.fileName', { name: stem }), bytes });
  if (!stored.ok) throw new SayingError(toldSaying(stored.error));
  remember(stored.value);
  return stored.value;
}

/** The result kept inside its mask only, made once per result. */
export function compositeAsset(resultId: string): Promise<AssetInfo> {
  let found = composites.get(resultId);
  if (!found) {
    found = makeComposite(resultId);
    found.catch(() => composites.delete(resultId));
    composites.set(resultId, found);
  }
  return found;
}
