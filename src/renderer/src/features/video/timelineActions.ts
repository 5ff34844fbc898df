import type { ImageRef } from '../../../../shared/canvas/document';
import { lastFrame, type PinAt, timelineOf, videoDuration } from '../../../../shared/canvas/timeline';
import { videoModeLabel } from '../../../../shared/video/videoWords';
import { sayTold } from '../../../../shared/i18n/say';
import { saying, together, type Saying } from '../../ui/i18n/saying';
import { VIDEO_KEYFRAMES } from '../../../../shared/catalog/video';
import { gen } from '../../api';
import { imageRefOf, importFiles, remember } from '../canvas/assets';
import { useCanvasStore } from '../canvas/canvasStore';
import { REFERENCE_DRAG_TYPE, RESULT_DRAG_TYPE } from './dragData';

const store = () => useCanvasStore.getState();
const fail = (text: Saying) => store().say({ kind: 'error', text });
const names = (items: readonly { name: string }[]) => items.map((i) => i.name).join(', ');
/** The timeline is full: at most ten keyframes (`names` the images left out, when there are some). */
const full = (left: readonly { name: string }[] = []): Saying =>
  left.length > 0 ? saying('video.pin.fullLeft', { max: VIDEO_KEYFRAMES.max, names: names(left) }) : saying('video.pin.full', { max: VIDEO_KEYFRAMES.max });

/** Room left on the timeline; a slot already holding a keyframe takes a new image without using room. */
function room(at: PinAt): number {
  const { document } = store();
  const keyframes = timelineOf(document).keyframes;
  const frame = at === 'first' ? 0 : at === 'last' ? lastFrame(videoDuration(document)) : null;
  const occupied = frame !== null && keyframes.some((k) => k.frame === frame);
  return occupied ? 1 : VIDEO_KEYFRAMES.max - keyframes.length;
}

/** Where the nth image of a drop goes: the first where it was dropped, the rest half a second apart after it. */
function spread(at: PinAt, index: number): PinAt {
  if (index === 0 || typeof at !== 'number') return at;
  return at + index * 12;
}

/** Pins images at `at` in order; answers the ones that were refused (the store said why). */
function pinAll(images: readonly ImageRef[], at: PinAt): void {
  images.forEach((image, i) => {
    let target = spread(at, i);
    // A later image of the same drop never replaces an earlier one: step past taken frames.
    if (typeof target === 'number') {
      const taken = new Set(timelineOf(store().document).keyframes.map((k) => k.frame));
      while (taken.has(target) && target < lastFrame(videoDuration(store().document))) target++;
    }
    store().pinKeyframe(image, target);
  });
}

/**
 * Files from the file manager or the file chooser, pinned from `at`. Only as many as the timeline has room for
 * are read: the others are named in the message and stay where they are (nothing is imported for them).
 */
export async function pinFiles(files: readonly File[], at: PinAt): Promise<void> {
  if (files.length === 0) return;
  const space = room(at);
  if (space <= 0) return fail(full(files));
  const taken = files.slice(0, space);
  const left = files.slice(space);
  const { assets: stored, problems } = await importFiles(taken);
  const assets = stored.filter((a) => a.kind === 'image');
  pinAll(assets.map(imageRefOf), at);
  const notes = [...problems];
  const videos = stored.filter((a) => a.kind !== 'image');
  if (videos.length > 0) notes.push(saying('video.pin.videos', { names: names(videos) }));
  if (left.length > 0) notes.push(full(left));
  if (notes.length > 0) fail(together(notes));
}

/** A library result (the results strip, the gallery): stored as an input asset, then pinned. */
export async function pinResult(resultId: string, at: PinAt): Promise<void> {
  if (room(at) <= 0) return fail(full());
  const asset = await gen.assets.fromLibrary({ resultId });
  if (!asset.ok) {
    const refused = asset.error;
    return fail((text) => text.t('video.pin.resultFailed', { reason: sayTold(text, refused) }));
  }
  if (asset.value.kind !== 'image') return fail((text) => text.t('video.pin.notVideo', { mode: videoModeLabel('v2v', text) }));
  remember(asset.value);
  pinAll([imageRefOf(asset.value)], at);
}

/** A picture of the reference board, by its place. */
export function pinReference(index: number, at: PinAt): void {
  const ref = store().document.references[index];
  if (!ref) return;
  if (room(at) <= 0) return fail(full());
  pinAll([ref], at);
}

/** What a drop on the timeline holds, pinned from `at`: files, a result, or a reference of the board. */
export function pinDrop(transfer: DataTransfer, at: PinAt): void {
  const resultId = transfer.getData(RESULT_DRAG_TYPE);
  if (resultId) {
    void pinResult(resultId, at);
    return;
  }
  const reference = transfer.getData(REFERENCE_DRAG_TYPE);
  if (reference !== '') {
    pinReference(Number(reference), at);
    return;
  }
  const files = [...transfer.files];
  if (files.length > 0) void pinFiles(files, at);
}

/** Whether a drag carries something the timeline takes. */
export const dropsOnTimeline = (transfer: DataTransfer): boolean =>
  transfer.types.includes('Files') || transfer.types.includes(RESULT_DRAG_TYPE) || transfer.types.includes(REFERENCE_DRAG_TYPE);
