import { canvasRequest, documentUse } from '../../../../shared/canvas/request';
import { videoRefusal } from '../../../../shared/canvas/videoChecks';
import { VIDEO_DRAFT_RESOLUTION } from '../../../../shared/catalog/video';
import type { CanvasDocument } from '../../../../shared/canvas/document';
import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import type { TaskInfo } from '../../../../shared/ipc/contract';
import { intentFor } from '../../../../shared/studio/intents';
import { notSentText, send } from '../../store/sendTasks';
import { assetInfo } from '../canvas/assets';
import { selectEndpoint, useCanvasStore } from '../canvas/canvasStore';
import { isBlank } from '../canvas/mask/maskBuffer';
import { currentExport, exportMask } from '../canvas/maskExport';
import { useProjectStore } from '../canvas/project/projectStore';
import { useStudioStore, type StudioNotice } from '../../store/studioStore';
import { UPSCALE_ENDPOINT_ID } from '../../../../shared/video/upscale';
import { sendUpscale } from '../upscale/sendUpscale';
import type { AppText } from '../../../../shared/i18n/text';
import { currentText } from '../../ui/i18n/textStore';
import { INTENT_WORDS } from '../../text/intentWords';
import { saying, type Saying } from '../../ui/i18n/saying';

/**
 * Why Generate waits for a picture, or null: the intent sends one and the canvas has none (a reused result's
 * picture that is gone leaves it so). The panel keeps Generate blocked while this says something.
 */
export function pictureWanted(endpoint: EndpointSpec, document: CanvasDocument, text: AppText = currentText()): string | null {
  const intent = intentFor(document.intent, endpoint.id);
  if (document.base || !intent.sendsPicture) return null;
  // An editor without a picture would take its first reference as image 1: asked with one, does it send a picture?
  const withPicture = documentUse(endpoint, { ...document, base: { assetId: '0'.repeat(64), name: '', width: 1, height: 1 } });
  if (!withPicture.imageField) return null;
  return text.t('studio.refuse.noPicture', { intent: text.t(INTENT_WORDS[intent.id].label) });
}

/**
 * Why Generate must send nothing, in the artist's words, or null. Said before anything is exported or sent:
 * an inpaint with nothing to repaint would be charged for a copy of the picture.
 */
async function refusal(endpoint: EndpointSpec, document: CanvasDocument): Promise<Saying | null> {
  const { mask } = useCanvasStore.getState();
  const use = documentUse(endpoint, document);
  if (pictureWanted(endpoint, document)) return (text) => pictureWanted(endpoint, document, text) ?? '';
  if (use.referenceFields.length > 0 && endpoint.fields.some((f) => f.role === 'garment') && document.references.length === 0) {
    return saying('studio.refuse.noGarment');
  }
  if (use.modeField && videoRefusal(document)) return (text) => videoRefusal(document, text) ?? '';
  const takesMask = use.maskField !== null || use.alphaMask;
  if (takesMask && document.base && (!mask || isBlank(mask))) {
    // The fill endpoint may read the mask from the picture's transparency, when something in it is transparent.
    const picture = use.alphaMask ? await assetInfo(document.base.assetId) : null;
    if (!picture?.hasAlpha) {
      const what = endpoint.fields.some((f) => f.role === 'prompt') ? 'repaint' : 'erase';
      return saying(use.alphaMask ? 'studio.refuse.emptyMaskAlpha' : 'studio.refuse.emptyMask', { what });
    }
  }
  return null;
}

/**
 * One press of Generate: refuses with a reason, or exports a changed mask and sends the request shown as a
 * group of variations. Answers the tasks made (empty when nothing was sent). A video draft is the same request
 * rendered at hd, as the service renders drafts.
 */
export async function generate(options: { draft?: boolean } = {}): Promise<TaskInfo[]> {
  const studio = useStudioStore.getState();
  if (studio.busy) return [];
  const endpoint = selectEndpoint(useCanvasStore.getState());
  // The upscale panel sends its clip; the canvas has nothing to give it.
  if (endpoint.id === UPSCALE_ENDPOINT_ID) return sendUpscale();
  // What is sent is what the panel showed at the press: a mask export or an input's check takes a round trip,
  // during which the artist may already be typing the next prompt.
  // A draft is the same request at the draft size, checked as such (enhancing at the draft size is refused).
  const pressed = options.draft ? atDraftSize(useCanvasStore.getState().document, endpoint.id) : useCanvasStore.getState().document;
  studio.attempt(endpoint.id);
  studio.set({ busy: true });
  try {
    const refused = await refusal(endpoint, pressed);
    if (refused) return say(endpoint.id, refused);
    const { mask } = useCanvasStore.getState();
    const use = documentUse(endpoint, pressed);
    if ((use.maskField !== null || use.alphaMask) && mask && !isBlank(mask) && !currentExport().maskAssetId) {
      const failed = await exportMask();
      if (failed) return say(endpoint.id, failed);
    }
    const request = canvasRequest(endpoint, pressed, currentExport());
    // Main checks the request against the stored inputs and the caps, once, where it is sent: the panel's own
    // check (StudioPanel) already showed what the form alone can tell, without a round trip per input.
    const sent = await send(request, studio.variations, useProjectStore.getState().currentId);
    if (!sent.ok) return say(endpoint.id, (text) => notSentText(sent.error, text));
    useStudioStore.getState().say(null);
    const group = sent.tasks[0]?.group?.id;
    if (group) useStudioStore.getState().ran(endpoint.id, group);
    return sent.tasks;
  } finally {
    useStudioStore.getState().set({ busy: false });
  }
}

/**
 * Runs one variation of a group again: its seed goes into the seed field (one undo step, so the form shows what
 * is sent) and one task is made with the settings the panel shows now.
 */
export async function rerun(seed: number): Promise<TaskInfo[]> {
  if (useStudioStore.getState().busy) return [];
  useCanvasStore.getState().setFormValue('seed', seed);
  useStudioStore.getState().setVariations(1);
  return generate();
}

function atDraftSize(document: CanvasDocument, endpointId: string): CanvasDocument {
  return { ...document, formValues: { ...document.formValues, [endpointId]: { ...(document.formValues[endpointId] ?? {}), resolution: VIDEO_DRAFT_RESOLUTION } } };
}

function say(about: string, text: StudioNotice['text']): [] {
  useStudioStore.getState().say({ kind: 'error', text, about });
  return [];
}
