import type { AssetInfo } from '../../../../shared/ipc/contract';
import { nextFreeFrame } from '../../../../shared/canvas/timeline';
import { intentFor } from '../../../../shared/studio/intents';
import { gen } from '../../api';
import { saying, together, toldSaying, type Saying } from '../../ui/i18n/saying';
import { useNavigationStore } from '../../store/navigationStore';
import { batchDraft } from '../batch/batchDraftStore';
import { placeInto } from '../canvas/actions';
import { importFiles, remember } from '../canvas/assets';
import { useCanvasStore } from '../canvas/canvasStore';
import { pinAsKeyframe } from '../staging/frameActions';

/** The screens a pasted picture goes to: the studio (picture, references or keyframe) and Batch (an input). */
const TAKES_PASTE = new Set(['canvas', 'batch']);


const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'file', 'color'].includes(target.type)) || (target instanceof HTMLElement && target.isContentEditable);

/** Says what a paste did not do, where the artist is looking. */
function refuse(screen: string, text: Saying): void {
  if (screen === 'batch') batchDraft.setProblems([text]);
  else useCanvasStore.getState().say({ kind: 'error', text });
}

/** Pasted pictures, put where the artist is: a Batch input, a keyframe on the video timeline, or the studio's picture and board. */
export async function placePasted(screen: string, assets: readonly AssetInfo[], problems: readonly Saying[]): Promise<void> {
  if (screen === 'batch') {
    batchDraft.add(
      assets.map((a) => ({ assetId: a.id, name: a.name, width: a.width, height: a.height })),
      problems,
    );
    return;
  }
  const canvas = useCanvasStore.getState();
  if (intentFor(canvas.document.intent, canvas.document.endpointId).id === 'video') {
    const notes = [...problems];
    for (const asset of assets) {
      const pinned = pinAsKeyframe(asset, nextFreeFrame(useCanvasStore.getState().document));
      notes.push(pinned.text);
    }
    if (notes.length > 0) useCanvasStore.getState().say({ kind: assets.length > 0 ? 'info' : 'error', text: together(notes) });
    return;
  }
  await placeInto(assets, 'canvas', problems);
}

/**
 * A paste on the studio or Batch: image files from the page's own paste event (what another app copied, or the
 * app menu's Paste) go through the same intake as dropped files; with none, main reads the system clipboard.
 * Text pasted into a text field is left to the field; text anywhere else is said to be no picture.
 */
export async function handlePaste(e: Pick<ClipboardEvent, 'clipboardData' | 'target' | 'preventDefault'>): Promise<void> {
  const screen = useNavigationStore.getState().screenId ?? '';
  if (!TAKES_PASTE.has(screen)) return;
  const data = e.clipboardData;
  const files = [...(data?.files ?? [])].filter((f) => !f.type || f.type.startsWith('image/'));
  const hasText = (data?.types ?? []).some((t) => t === 'text/plain' || t === 'text/html' || t === 'text/uri-list');
  if (files.length === 0 && hasText && isTextField(e.target)) return;
  e.preventDefault();
  if (files.length > 0) {
    const { assets, problems } = await importFiles(files);
    return placePasted(screen, assets, problems);
  }
  if (hasText) return refuse(screen, saying('clipboard.pastedText'));
  const read = await gen.clipboard.readImage();
  if (!read.ok) return refuse(screen, toldSaying(read.error));
  if (!read.value.asset) return refuse(screen, saying('clipboard.pastedNothing'));
  remember(read.value.asset);
  return placePasted(screen, [read.value.asset], []);
}

/** Listens for pastes while the app runs. */
export function followPaste(): () => void {
  const paste = (e: ClipboardEvent) => void handlePaste(e);
  window.addEventListener('paste', paste);
  return () => window.removeEventListener('paste', paste);
}
