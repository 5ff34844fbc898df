import type { AssetInfo } from '../../../../shared/ipc/contract';
import { addReferences } from '../canvas/actions';
import { imageRefOf } from '../canvas/assets';
import { useCanvasStore } from '../canvas/canvasStore';
import { replacePicture } from './pictureHistory';
import { compositeAsset, resultAsset } from './resultAssets';
import { useStagingStore } from './stagingStore';
import { masksResult, type StripEntry } from './stripModel';
import { errorSaying, saying, SayingError } from '../../ui/i18n/saying';

const canvas = () => useCanvasStore.getState();
const staging = () => useStagingStore.getState();

/** The picture a result becomes: the result itself, or the result kept inside its mask when the artist asked. */
function pictureOf(entry: StripEntry): Promise<AssetInfo> {
  if (!entry.resultId) return Promise.reject(new SayingError(saying('strip.noPictureYet')));
  return staging().keepOutsideMask && masksResult(entry.task.endpointId) ? compositeAsset(entry.resultId) : resultAsset(entry.resultId);
}

async function withBusy<T>(work: () => Promise<T>): Promise<T | undefined> {
  staging().setBusy(true);
  staging().say(null);
  try {
    return await work();
  } catch (error) {
    staging().say({ kind: 'error', text: errorSaying(error) });
    return undefined;
  } finally {
    staging().setBusy(false);
  }
}

/** The result becomes the picture: one undo step; the old picture is kept as a version. */
export function acceptResult(entry: StripEntry): Promise<boolean> {
  return withBusy(async () => {
    const asset = await pictureOf(entry);
    const accepted = replacePicture(imageRefOf(asset), saying('strip.notAccepted'), entry.taskId, {
      taskId: entry.taskId,
      decision: { decision: 'accepted', at: Date.now(), assetId: asset.id },
    });
    if (accepted) {
      staging().select(null);
      staging().say({ kind: 'info', text: saying('strip.accepted') });
    }
    return accepted;
  }).then((ok) => ok === true);
}

/** Adds the result to the reference board (the board says when the model takes no more). */
export function referenceResult(entry: StripEntry): Promise<void> {
  return withBusy(async () => {
    if (!entry.resultId) throw new SayingError(saying('strip.noPictureYet'));
    const asset = await resultAsset(entry.resultId);
    const before = canvas().document.references.length;
    addReferences([asset]);
    const said = canvas().message;
    if (canvas().document.references.length > before) staging().say({ kind: 'info', text: saying('strip.referenced', { count: canvas().document.references.length }) });
    else staging().say({ kind: 'error', text: said ? said.text : saying('strip.notReferenced') });
  }).then(() => undefined);
}


export { decideResult, restoreVersion } from './pictureHistory';
