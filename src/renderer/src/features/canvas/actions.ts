import type { AssetInfo } from '../../../../shared/ipc/contract';
import { canvasUse } from '../../../../shared/canvas/request';
import { assetUrl, imageRefOf, importFiles } from './assets';
import { selectEndpoint, useCanvasStore } from './canvasStore';
import { maskFromAlpha, maskFromLuminance } from './mask/maskBuffer';
import { loadImage, rgbaOf } from './pixels';

const store = () => useCanvasStore.getState();
const fail = (text: string) => store().say({ kind: 'error', text });

export type DropTarget = 'canvas' | 'references' | 'mask' | 'base';

/** Adds images to the reference board, up to the endpoint's limit; says what did not fit. */
export function addReferences(assets: readonly AssetInfo[]): void {
  const s = store();
  const limit = canvasUse(selectEndpoint(s)).referenceFields.length;
  if (limit === 0) {
    fail(`${selectEndpoint(s).title} takes no reference images.`);
    return;
  }
  const room = Math.max(0, limit - s.document.references.length);
  const added = assets.slice(0, room);
  if (added.length > 0) s.change(added.length === 1 ? 'Add reference' : `Add ${added.length} references`, (d) => ({ ...d, references: [...d.references, ...added.map(imageRefOf)] }));
  if (added.length < assets.length) fail(`${selectEndpoint(s).title} takes up to ${limit} references; ${assets.length - added.length} not added.`);
}

/** A mask made in another tool: must be the picture's size; its brightness becomes the mask. */
export async function applyAsMask(asset: AssetInfo): Promise<void> {
  const { document } = store();
  const base = document.base;
  if (!base) return fail('Open a picture before its mask.');
  if (asset.width !== base.width || asset.height !== base.height) {
    return fail(`${asset.name} is ${asset.width} × ${asset.height}, but the picture is ${base.width} × ${base.height}: a mask must be the picture’s size. Nothing was changed.`);
  }
  try {
    const rgba = rgbaOf(await loadImage(asset.url), asset.width, asset.height);
    store().editMask('Load mask', (m, touch) => {
      touch({ x: 0, y: 0, width: m.width, height: m.height });
      return maskFromLuminance(m, rgba);
    });
    store().say({ kind: 'info', text: `The mask now comes from ${asset.name}.` });
  } catch {
    fail(`${asset.name} could not be read as a mask. Nothing was changed.`);
  }
}

/** The mask from the picture's own transparency: transparent areas are the ones to change. */
export async function maskFromImageAlpha(): Promise<void> {
  const { document } = store();
  const base = document.base;
  if (!base) return fail('Open a picture first.');
  const url = await assetUrl(base.assetId);
  if (!url) return fail('The picture’s stored file is missing.');
  const rgba = rgbaOf(await loadImage(url), base.width, base.height);
  if (rgba.every((v, i) => i % 4 !== 3 || v === 255)) return fail(`${base.name} has no transparent pixels, so there is no mask in its alpha channel.`);
  store().editMask('Mask from alpha', (m, touch) => {
    touch({ x: 0, y: 0, width: m.width, height: m.height });
    return maskFromAlpha(m, rgba);
  });
}

/**
 * Files dropped, pasted or opened. On the canvas: the first becomes the picture when there is none (the rest
 * go to the board), otherwise they go to the board when the endpoint takes references, or replace the picture.
 */
export async function importInto(files: readonly File[], target: DropTarget): Promise<void> {
  if (files.length === 0) return;
  const { assets, problems } = await importFiles(files);
  if (problems.length > 0) fail(`${problems.join(' ')}${assets.length === 0 ? ' Nothing was changed.' : ''}`);
  if (assets.length === 0) return;
  const s = store();
  if (target === 'mask') return applyAsMask(assets[0]!);
  if (target === 'references') return addReferences(assets);
  const takesReferences = canvasUse(selectEndpoint(s)).referenceFields.length > 0;
  if (target === 'base' || !s.document.base || !takesReferences) {
    s.setBase(imageRefOf(assets[0]!));
    if (assets.length > 1 && takesReferences) addReferences(assets.slice(1));
    return;
  }
  addReferences(assets);
}
