import type { CanvasDocument, ImageRef, PictureVersion, ResultDecision } from '../../../../shared/canvas/document';
import type { AssetInfo } from '../../../../shared/ipc/contract';
import { addReferences } from '../canvas/actions';
import { imageRefOf } from '../canvas/assets';
import { useCanvasStore } from '../canvas/canvasStore';
import { layerRefusal } from '../canvas/layers';
import { compositeAsset, resultAsset } from './resultAssets';
import { useStagingStore } from './stagingStore';
import { masksResult, type StripEntry } from './stripModel';

const canvas = () => useCanvasStore.getState();
const staging = () => useStagingStore.getState();
const MAX_VERSIONS = 500;

/** The picture a result becomes: the result itself, or the result kept inside its mask when the artist asked. */
export function pictureOf(entry: StripEntry): Promise<AssetInfo> {
  if (!entry.resultId) return Promise.reject(new Error('This result has no picture yet.'));
  return staging().keepOutsideMask && masksResult(entry.task.endpointId) ? compositeAsset(entry.resultId) : resultAsset(entry.resultId);
}

/**
 * The versions list with the picture being replaced put first (once). The incoming picture stays listed when it
 * was a version: were it dropped, undoing the restore would lose it. The list shows every version but the
 * current picture.
 */
function versionsAfter(document: CanvasDocument, replacedBy: string | null, now: number): PictureVersion[] {
  const rest = (document.versions ?? []).filter((v) => v.image.assetId !== document.base?.assetId);
  const replaced = document.base ? [{ image: document.base, replacedAt: now, replacedBy }] : [];
  return [...replaced, ...rest].slice(0, MAX_VERSIONS);
}

/**
 * Makes `image` the picture as ONE undo step, keeping the picture it replaces among the project's versions.
 * The versions (and the decision on the result) are written first without a step of their own, so the one step
 * the picture change records holds them on both sides: undo takes the picture back, and the result whose
 * picture it was returns to the strip (see `isDecided`), while the old picture stays listed.
 */
function replacePicture(image: ImageRef, label: string, replacedBy: string | null, decide?: { taskId: string; decision: ResultDecision }): boolean {
  const { document } = canvas();
  const refusal = layerRefusal(document, 'base');
  if (refusal) {
    staging().say({ kind: 'error', text: refusal });
    return false;
  }
  const now = Date.now();
  const prepared: CanvasDocument = {
    ...document,
    versions: versionsAfter(document, replacedBy, now),
    ...(decide ? { resultDecisions: { ...(document.resultDecisions ?? {}), [decide.taskId]: decide.decision } } : {}),
  };
  useCanvasStore.setState({ document: prepared });
  if (!canvas().setBase(image)) {
    useCanvasStore.setState({ document });
    staging().say({ kind: 'error', text: canvas().message?.text ?? `${label} did not happen.` });
    return false;
  }
  return true;
}

async function withBusy<T>(work: () => Promise<T>): Promise<T | undefined> {
  staging().setBusy(true);
  staging().say(null);
  try {
    return await work();
  } catch (error) {
    staging().say({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    return undefined;
  } finally {
    staging().setBusy(false);
  }
}

/** The result becomes the picture: one undo step; the old picture is kept as a version. */
export function acceptResult(entry: StripEntry): Promise<boolean> {
  return withBusy(async () => {
    const asset = await pictureOf(entry);
    const accepted = replacePicture(imageRefOf(asset), 'Accepting the result', entry.taskId, {
      taskId: entry.taskId,
      decision: { decision: 'accepted', at: Date.now(), assetId: asset.id },
    });
    if (accepted) {
      staging().select(null);
      staging().say({ kind: 'info', text: 'The result is the picture now. Undo (Ctrl+Z) puts the old one back; it is also kept under Versions.' });
    }
    return accepted;
  }).then((ok) => ok === true);
}

/** Takes the result out of the strip; it stays in the library, and the project remembers the decision. */
export function decideResult(entry: StripEntry, decision: 'kept' | 'discarded'): void {
  canvas().change(decision === 'discarded' ? 'Discard result' : 'Keep result in the library', (d) => ({
    ...d,
    resultDecisions: { ...(d.resultDecisions ?? {}), [entry.taskId]: { decision, at: Date.now() } },
  }));
  staging().say(null);
}

/** Adds the result to the reference board (the board says when the model takes no more). */
export function referenceResult(entry: StripEntry): Promise<void> {
  return withBusy(async () => {
    if (!entry.resultId) throw new Error('This result has no picture yet.');
    const asset = await resultAsset(entry.resultId);
    const before = canvas().document.references.length;
    addReferences([asset]);
    if (canvas().document.references.length > before) staging().say({ kind: 'info', text: `Added to the references (${canvas().document.references.length}).` });
    else staging().say({ kind: 'error', text: canvas().message?.text ?? 'It was not added to the references.' });
  }).then(() => undefined);
}

/** An earlier picture becomes the picture again: one undo step; the current one joins the versions. */
export function restoreVersion(version: PictureVersion): boolean {
  const restored = replacePicture(version.image, 'Restoring the version', null);
  if (restored) staging().say({ kind: 'info', text: `${version.image.name} is the picture again. Undo (Ctrl+Z) goes back.` });
  return restored;
}
