import type { AssetInfo } from '../../../../shared/ipc/contract';
import { documentUse } from '../../../../shared/canvas/request';
import { assetUrl, imageRefOf, importFiles } from './assets';
import { selectEndpoint, useCanvasStore } from './canvasStore';
import { maskFromAlpha, maskFromLuminance } from './mask/maskBuffer';
import { loadImage, rgbaOf } from './pixels';
import type { AppText } from '../../../../shared/i18n/text';
import { saying, together, type Saying } from '../../ui/i18n/saying';

const store = () => useCanvasStore.getState();
const fail = (text: Saying) => store().say({ kind: 'error', text });
/** What the canvas says now, to say again with more after it; nothing when it says nothing. */
const saidNow = (): Saying[] => {
  const message = store().message;
  return message ? [message.text] : [];
};

export type DropTarget = 'canvas' | 'references' | 'mask' | 'base';

/** File names as the language lists them ("a.png and b.png", "a.png、b.png"). */
const names = (assets: readonly { name: string }[], text: AppText) => text.list(assets.map((a) => a.name), 'and');

/** Puts images on the reference board up to the endpoint's limit; answers why the rest were not added. */
function placeReferences(assets: readonly AssetInfo[]): Saying | null {
  const s = store();
  const endpoint = selectEndpoint(s);
  const limit = documentUse(endpoint, s.document).referenceFields.length;
  if (limit === 0) return (text) => text.t('canvas.drop.noReferences', { model: endpoint.title, names: names(assets, text), count: assets.length });
  const room = Math.max(0, limit - s.document.references.length);
  const added = assets.slice(0, room);
  const label = added.length === 1 ? 'Add reference' : `Add ${added.length} references`;
  if (added.length > 0 && !s.changeLayer('references', label, (d) => ({ ...d, references: [...d.references, ...added.map(imageRefOf)] }))) {
    return store().message?.text ?? null;
  }
  const left = assets.slice(added.length);
  return left.length > 0 ? (text) => text.t('canvas.drop.tooManyReferences', { model: endpoint.title, limit, names: names(left, text), count: left.length }) : null;
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
  if (!base) return fail(saying('canvas.mask.needsPicture', { name: asset.name }));
  if (asset.width !== base.width || asset.height !== base.height) {
    const size = { width: String(asset.width), height: String(asset.height), pictureWidth: String(base.width), pictureHeight: String(base.height) };
    return fail(saying('canvas.mask.wrongSize', { name: asset.name, ...size }));
  }
  try {
    const rgba = rgbaOf(await loadImage(asset.url), asset.width, asset.height);
    const applied = store().editMask('Load mask', (m, touch) => {
      touch({ x: 0, y: 0, width: m.width, height: m.height });
      return maskFromLuminance(m, rgba);
    });
    // A refused edit has already said why (the layer is locked or hidden).
    if (applied) store().say({ kind: 'info', text: saying('canvas.mask.loaded', { name: asset.name }) });
  } catch {
    fail(saying('canvas.mask.unreadable', { name: asset.name }));
  }
}

/** The mask from the picture's own transparency: transparent areas are the ones to change. */
export async function maskFromImageAlpha(): Promise<void> {
  const { document } = store();
  const base = document.base;
  if (!base) return fail(saying('canvas.mask.openPictureFirst'));
  const url = await assetUrl(base.assetId);
  if (!url) return fail(saying('canvas.picture.missing'));
  let rgba: Uint8ClampedArray;
  try {
    rgba = rgbaOf(await loadImage(url), base.width, base.height);
  } catch {
    return fail(saying('canvas.mask.alphaUnreadable', { name: base.name }));
  }
  if (rgba.every((v, i) => i % 4 !== 3 || v === 255)) return fail(saying('canvas.mask.noAlpha', { name: base.name }));
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
  problems: readonly Saying[] = [],
  masks: ReadonlyMap<string, AssetInfo> = new Map(),
): Promise<void> {
  const notes = [...problems];
  const finish = () => {
    if (notes.length > 0) fail(together([...notes, ...(assets.length === 0 ? [saying('canvas.nothingChanged')] : [])]));
  };
  if (assets.length === 0) return finish();
  const s = store();
  const [first, ...rest] = assets as [AssetInfo, ...AssetInfo[]];
  if (target === 'mask') {
    await applyAsMask(first);
    if (rest.length > 0) notes.push((text) => text.t('canvas.mask.onlyOne', { name: first.name, names: names(rest, text), count: rest.length }));
    // What the mask itself said (taken, or why not) comes first.
    if (notes.length > 0) fail(together([...saidNow(), ...notes]));
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
      notes.push(...saidNow(), (text) => text.t('canvas.drop.notUsed', { names: names(assets, text), count: assets.length }));
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
        const model = selectEndpoint(s).title;
        notes.push((text) => text.t('canvas.drop.onePicture', { name: first.name, model, names: names(rest, text), count: rest.length }));
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
      return fail(saying('canvas.drop.unreadable'));
    }
    return importInto(files, target);
  }
  if (links.length > 0) fail(saying('canvas.drop.linkOnly', { link: links[0]!.slice(0, 80) }));
}
