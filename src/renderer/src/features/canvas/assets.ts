import type { ImageRef } from '../../../../shared/canvas/document';
import type { AssetInfo, LayeredIntake } from '../../../../shared/ipc/contract';
import { isLayeredName } from '../../../../shared/layers/layeredFiles';
import { askWhichLayer } from '../../store/layersStore';
import { gen } from '../../api';
import { currentText } from '../../ui/i18n/textStore';
import { saying, type Saying } from '../../ui/i18n/saying';
import { sayTold } from '../../../../shared/i18n/say';
import type { IpcError } from '../../../../shared/ipc/result';

const known = new Map<string, Promise<AssetInfo | null>>();

/** What the store knows of an asset (its address above all), asked once per id. */
export function assetInfo(id: string): Promise<AssetInfo | null> {
  let found = known.get(id);
  if (!found) {
    found = gen.assets.get({ id }).then((r) => (r.ok ? r.value : null));
    known.set(id, found);
  }
  return found;
}

export const assetUrl = async (id: string) => (await assetInfo(id))?.url ?? null;

export function remember(asset: AssetInfo): void {
  known.set(asset.id, Promise.resolve(asset));
}

export const imageRefOf = (asset: AssetInfo): ImageRef => ({ assetId: asset.id, name: asset.name.slice(0, 512), width: asset.width, height: asset.height });

/**
 * Reads files the user dropped, pasted or opened into the asset store; refusals come back as messages. A layered
 * file (PSD, OpenRaster, multi-page TIFF) comes in as its whole picture unless the artist picks one layer; with
 * `offerMask`, its mask may come too, in `masks` by the picture's asset id.
 */
export async function importFiles(
  files: readonly File[],
  options: { offerMask?: boolean } = {},
): Promise<{ assets: AssetInfo[]; problems: Saying[]; masks: Map<string, AssetInfo> }> {
  const assets: AssetInfo[] = [];
  const problems: Saying[] = [];
  const masks = new Map<string, AssetInfo>();
  for (const file of files) {
    if (file.type && !file.type.startsWith('image/') && !isLayeredName(file.name)) {
      problems.push(saying('canvas.drop.notImage', { name: file.name, type: file.type }));
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await gen.assets.import({ name: file.name || currentText().t('canvas.drop.pastedFileName'), bytes });
    if (result.ok) {
      const { layered, ...asset } = result.value;
      const taken = layered ? await takeLayer(file.name, asset, layered, options.offerMask === true) : { asset, mask: null, problem: null };
      remember(taken.asset);
      assets.push(taken.asset);
      if (taken.mask) masks.set(taken.asset.id, taken.mask);
      if (taken.problem) problems.push(taken.problem);
    } else {
      problems.push(refusedSaying(file.name, result.error));
    }
  }
  return { assets, problems, masks };
}

/** A file main refused, named (or called the pasted picture), with main's words said in the language on screen. */
const refusedSaying = (name: string, error: IpcError): Saying => (text) =>
  text.t('canvas.drop.refused', { name: name || text.t('canvas.drop.pasted'), problem: sayTold(text, error) });

/** The part of a layered file the artist picks; the whole picture (already stored) when they pick nothing. */
async function takeLayer(
  fileName: string,
  whole: AssetInfo,
  layered: LayeredIntake,
  offerMask: boolean,
): Promise<{ asset: AssetInfo; mask: AssetInfo | null; problem: Saying | null }> {
  const pick = await askWhichLayer(fileName, layered, whole.thumbnailUrl, offerMask);
  if (!pick) return { asset: whole, mask: null, problem: null };
  let asset = whole;
  if (pick.index !== null) {
    const layer = await gen.layers.take({ token: layered.token, index: pick.index, use: 'picture' });
    if (!layer.ok) return { asset: whole, mask: null, problem: (text) => text.t('canvas.drop.layerRefused', { name: fileName, problem: sayTold(text, layer.error) }) };
    asset = layer.value;
  }
  const maskLayer = pick.index ?? [...layered.layers].reverse().find((l) => l.hasMask)?.index;
  if (!pick.asMask || maskLayer === undefined) return { asset, mask: null, problem: null };
  const mask = await gen.layers.take({ token: layered.token, index: maskLayer, use: 'mask' });
  return mask.ok ? { asset, mask: mask.value, problem: null } : { asset, mask: null, problem: refusedSaying(fileName, mask.error) };
}
