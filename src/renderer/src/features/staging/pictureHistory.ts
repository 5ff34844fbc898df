import type { CanvasDocument, ImageRef, PictureVersion, ResultDecision } from '../../../../shared/canvas/document';
import { useCanvasStore } from '../canvas/canvasStore';
import { layerRefusal } from '../canvas/layers';
import { useStagingStore } from './stagingStore';
import type { StripEntry } from './stripModel';
import { saying, type Saying } from '../../ui/i18n/saying';

const canvas = () => useCanvasStore.getState();
const staging = () => useStagingStore.getState();
const MAX_VERSIONS = 500;

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
 * picture it was returns to the strip (see `isDecided`), while the old picture stays listed. `failed` is what the
 * artist is told, in their language, when the canvas refuses without a reason of its own.
 */
export function replacePicture(image: ImageRef, failed: Saying, replacedBy: string | null, decide?: { taskId: string; decision: ResultDecision }): boolean {
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
    const said = canvas().message;
    staging().say({ kind: 'error', text: said ? said.text : failed });
    return false;
  }
  return true;
}

/** Takes the result out of the strip; it stays in the library, and the project remembers the decision. */
export function decideResult(entry: StripEntry, decision: 'kept' | 'discarded'): void {
  canvas().change(decision === 'discarded' ? 'Discard result' : 'Keep result in the library', (d) => ({
    ...d,
    resultDecisions: { ...(d.resultDecisions ?? {}), [entry.taskId]: { decision, at: Date.now() } },
  }));
  staging().say(null);
}

/** An earlier picture becomes the picture again: one undo step; the current one joins the versions. */
export function restoreVersion(version: PictureVersion): boolean {
  const restored = replacePicture(version.image, saying('strip.versions.notRestored'), null);
  if (restored) staging().say({ kind: 'info', text: saying('strip.versions.restored', { name: version.image.name }) });
  return restored;
}
