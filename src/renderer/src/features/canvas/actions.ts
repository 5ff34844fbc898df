import type { AssetInfo } from '../../../../shared/ipc/contract';
import { documentUse } from '../../../../shared/canvas/request';
import { assetUrl, imageRefOf, importFiles } from './assets';
import { selectEndpoint, useCanvasStore } from './canvasStore';
import { maskFromAlpha, maskFromLuminance } from './mask/maskBuffer';
import { loadImage, rgbaOf } from './pixels';

const store = () => useCanvasStore.getState();
const fail = (text: string) => store().say({ kind: 'error', text });

export type DropTarget = 'canvas' | 'references' | 'mask' | 'base';

const names = (assets: readonly { name: string }[]) => assets.map((a) => a.name).join(', ');

/** Puts images on the reference board up to the endpoint's limit; answers why the rest were not added. */
function placeReferences(assets: readonly AssetInfo[]): string | null {
  const s = store();
  const endpoint = selectEndpoint(s);
  const limit = documentUse(endpoint, s.document).referenceFields.length;
  if (limit === 0) return `${endpoint.title} takes no reference images, so ${names(assets)} ${assets.length === 1 ? 'was' : 'were'} not added.`;
  const room = Math.max(0, limit - s.document.references.length);
  const added = assets.slice(0, room);
  const label = added.length === 1 ? 'Add reference' : `Add ${added.length} references`;
  if (added.length > 0 && !s.changeLayer('references', label, (d) => ({ ...d, references: [...d.references, ...added.map(imageRefOf)] }))) {
    return store().message?.text ?? null;
  }
  const left = assets.slice(added.length);
  return left.length > 0 ? `${endpoint.title} takes up to ${limit} references, so ${names(left)} ${left.length === 1 ? 'was' : 'were'} not added.` : null;
}

/** Adds images to the reference board, up to the endpoint's limit; says what did not fit. */
export function addReferences(assets: readonly AssetInfo[]): void {
  const refused = placeReferences(assets);
  if (refused) fail(refused);
}

/** A mask made in another tool: must be the picture's size; its brightness becomes the mask. */
export async function applyAsMask(asset: AssetInfo): Promise<void> {
  const { document } = store();
  const base = document.base;
  if (!base) return fail(`Open a picture before its mask: ${asset.name} was not used.`);
  if (asset.width !== base.width || asset.height !== base.height) {
    return fail(`${asset.name} is ${asset.width} × ${asset.height}, but the picture is ${base.width} × ${base.height}: a mask must be the picture’s size. Nothing was changed.`);
  }
  try {
    const rgba = rgbaOf(await loadImage(asset.url), asset.width, asset.height);
    const applied = store().editMask('Load mask', (m, touch) => {
      touch({ x: 0, y: 0, width: m.width, height: m.height });
      return maskFromLuminance(m, rgba);
    });
    // A refused edit has already said why (the layer is locked or hidden).
    if (applied) store().say({ kind: 'info', text: `The mask now comes from ${asset.name}.` });
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
  let rgba: Uint8ClampedArray;
  try {
    rgba = rgbaOf(await loadImage(url), base.width, base.height);
  } catch {
    return fail(`${base.name} could not be read. The mask was not changed.`);
  }
  if (rgba.every((v, i) => i % 4 !== 3 || v === 255)) return fail(`${base.name} has no transparent pixels, so there is no mask in its alpha channel.`);
  store().editMask('Mask from alpha', (m, touch) => {
    touch({ x: 0, y: 0, width: m.width, height: m.height });
    return maskFromAlpha(m, rgba);
  });
}

/**
 * Files dropped, pasted or opened. On the canvas: the first becomes the picture when there is none (the rest
 * go to the board), otherwise they go to the board when the endpoint takes references, or replace the picture.
 * Every file that is not used is named in the message, with the reason.
 */
export async function importInto(files: readonly File[], target: DropTarget): Promise<void> {
  if (files.length === 0) return;
  const { assets, problems, masks } = await importFiles(files, { offerMask: target !== 'mask' && target !== 'references' });
  await placeInto(assets, target, problems, masks);
}

/**
 * Stored pictures (from files, or the clipboard through main) put where `target` says, as `importInto` does;
 * `problems` are what was already refused, said with the rest; `masks` are masks that come with a picture (a
 * layered file's, when the artist asked for it), by the picture's asset id.
 */
export async function placeInto(
  assets: readonly AssetInfo[],
  target: DropTarget,
  problems: readonly string[] = [],
  masks: ReadonlyMap<string, AssetInfo> = new Map(),
): Promise<void> {
  const notes = [...problems];
  const finish = () => {
    if (notes.length > 0) fail(`${notes.join(' ')}${assets.length === 0 ? ' Nothing was changed.' : ''}`);
  };
  if (assets.length === 0) return finish();
  const s = store();
  const [first, ...rest] = assets as [AssetInfo, ...AssetInfo[]];
  if (target === 'mask') {
    await applyAsMask(first);
    if (rest.length > 0) notes.push(`A mask is one image: only ${first.name} was tried, ${names(rest)} ${rest.length === 1 ? 'was' : 'were'} not.`);
    // What the mask itself said (taken, or why not) comes first.
    if (notes.length > 0) fail([store().message?.text ?? '', ...notes].filter(Boolean).join(' '));
    return;
  }
  if (target === 'references') {
    const refused = placeReferences(assets);
    if (refused) notes.push(refused);
    return finish();
  }
  const takesReferences = documentUse(selectEndpoint(s), s.document).referenceFields.length > 0;
  if (target === 'base' || !s.document.base || !takesReferences) {
    if (!s.setBase(imageRefOf(first))) {
      notes.push(...[store().message?.text ?? ''].filter(Boolean), `${names(assets)} ${assets.length === 1 ? 'was' : 'were'} not used.`);
      return finish();
    }
    // the layered file's mask, when the artist asked for it with the picture
    const mask = masks.get(first.id);
    if (mask) await applyAsMask(mask);
    if (rest.length > 0) {
      if (takesReferences) {
        const refused = placeReferences(rest);
        if (refused) notes.push(refused);
      } else {
        notes.push(`${first.name} is the picture. ${selectEndpoint(s).title} takes one picture and no references, so ${names(rest)} ${rest.length === 1 ? 'was' : 'were'} not used.`);
      }
    }
    return finish();
  }
  const refused = placeReferences(assets);
  if (refused) notes.push(refused);
  finish();
}

/**
 * What a drop from a web browser carries when it has no file: an image's address. A `data:` address is the
 * image itself and is read here; anything else would mean a download, which the canvas does not make (the
 * renderer never touches the network), so the user is told to save the image and drop the file.
 */
export async function importDroppedLinks(transfer: DataTransfer, target: DropTarget): Promise<void> {
  const links = (transfer.getData('text/uri-list') || transfer.getData('text/plain'))
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const images = links.filter((l) => /^data:image\/[a-z0-9.+-]+;base64,/i.test(l));
  if (images.length > 0) {
    // Decoded here rather than fetched: the page's content policy allows no connections, data: ones included.
    let files: File[];
    try {
      files = images.map((l, i) => {
        const [head, data = ''] = l.split(',', 2);
        const type = /^data:([^;]+)/i.exec(head ?? '')?.[1]?.toLowerCase() ?? 'image/png';
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        return new File([bytes], `dropped image ${i + 1}.${type.split('/')[1] ?? 'png'}`, { type });
      });
    } catch {
      return fail('The dropped image could not be read. Nothing was changed.');
    }
    return importInto(files, target);
  }
  if (links.length > 0) fail(`The drop held only a link (${links[0]!.slice(0, 80)}), not the image. Save the image from the browser and drop the file, or copy the image and paste it here.`);
}
