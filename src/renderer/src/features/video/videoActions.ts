import type { CanvasDocument, VideoRef } from '../../../../shared/canvas/document';
import { VIDEO_ENDPOINT_ID } from '../../../../shared/canvas/timeline';
import { sourceRefusal } from '../../../../shared/canvas/videoChecks';
import { type VideoMode, type VideoResolution } from '../../../../shared/catalog/video';
import { finalRequest } from '../../../../shared/video/finalSize';
import { videoModeLabel, videoSizeWithPixels } from '../../../../shared/video/videoWords';
import { currentText } from '../../ui/i18n/textStore';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { MAX_BOXES, readMp4 } from '../../../../shared/media/mp4';
import { gen } from '../../api';
import { notSentText, send } from '../../store/sendTasks';
import { sayTold } from '../../../../shared/i18n/say';
import type { AppText } from '../../../../shared/i18n/text';
import { saying, type Saying } from '../../ui/i18n/saying';
import { useCanvasStore } from '../canvas/canvasStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { useStudioStore } from '../../store/studioStore';
import { clipKind } from '../../../../shared/video/clipName';
import { inputNameOf } from '../../text/taskText';

const store = () => useCanvasStore.getState();
const say = (kind: 'error' | 'info', text: Saying) => useStudioStore.getState().say({ kind, text, about: VIDEO_ENDPOINT_ID });

/** A result of the video model made at hd from keyframes or words: a draft "Make final" can enhance. */
export function isDraft(item: Pick<LibraryItem, 'endpointId' | 'params'>): boolean {
  return clipKind(item.endpointId, item.params) === 'draft';
}

export const isVideoResult = (item: Pick<LibraryItem, 'mime'>): boolean => item.mime.startsWith('video/');

/** The mode and the source in one undo step, so the panel and the timeline change together. */
function setSource(source: VideoRef, mode: VideoMode): void {
  store().change(`${videoModeLabel(mode)}: ${source.name}`, (d: CanvasDocument) => ({
    ...d,
    formValues: { ...d.formValues, [VIDEO_ENDPOINT_ID]: { ...(d.formValues[VIDEO_ENDPOINT_ID] ?? {}), mode } },
    timeline: { ...d.timeline, source },
  }));
}

/**
 * A video file as the clip to continue or the draft to enhance. Its length is read from the file here, before
 * anything is stored or sent: a clip over the continuation's limit is refused with a message.
 */
export async function chooseSourceFile(file: File, mode: VideoMode): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const reading = readMp4(bytes);
  const how = mode === 'v2v' ? 'continue' : 'enhance';
  if (reading.kind !== 'mp4') return say('error', saying('video.source.unreadable', { name: file.name, problem: reading.kind === 'not-mp4' ? 'notMp4' : reading.kind === 'incomplete' ? 'incomplete' : 'tooComplex', max: MAX_BOXES, how }));
  const { info } = reading;
  if (mode === 'v2v') {
    const clip = { name: file.name, seconds: info.seconds };
    if (sourceRefusal(clip)) return say('error', (text) => sourceRefusal(clip, text) ?? '');
  }
  const stored = await gen.assets.import({ name: file.name, bytes });
  if (!stored.ok) {
    const refused = stored.error;
    return say('error', (text) => text.t('video.source.notStored', { name: file.name, reason: sayTold(text, refused) }));
  }
  setSource({ assetId: stored.value.id, name: file.name.slice(0, 512), seconds: info.seconds, resultId: null }, mode);
  say('info', info.seconds !== null ? saying('video.source.chosen', { name: file.name, seconds: info.seconds, how }) : saying('video.source.chosenNoLength', { name: file.name, how }));
}

/** A previous result as the clip to continue (or the draft to enhance), checked the same way. */
export async function chooseSourceResult(item: LibraryItem, mode: VideoMode): Promise<void> {
  if (!isVideoResult(item)) return say('error', (text) => text.t('video.source.notVideo', { name: inputNameOf(item, text) }));
  if (mode === 'v2v') {
    const clip = (text: AppText) => ({ name: inputNameOf(item, text), seconds: item.seconds });
    if (sourceRefusal(clip(currentText()))) return say('error', (text) => sourceRefusal(clip(text), text) ?? '');
  }
  const stored = await gen.assets.fromLibrary({ resultId: item.id });
  if (!stored.ok) {
    const refused = stored.error;
    return say('error', (text) => text.t('video.source.notUsed', { name: inputNameOf(item, text), reason: sayTold(text, refused) }));
  }
  setSource({ assetId: stored.value.id, name: stored.value.name.slice(0, 512), seconds: item.seconds, resultId: item.id }, mode);
}

/**
 * "Make final" on a draft at the final size the artist chose (above the draft's: finalRequest refuses any other):
 * draft enhance with the draft as the clip, keeping its keyframes, prompt, length and seed.
 */
export async function makeFinal(item: LibraryItem, size: VideoResolution): Promise<boolean> {
  const stored = await gen.assets.fromLibrary({ resultId: item.id });
  if (!stored.ok) {
    const refused = stored.error;
    say('error', (text) => text.t('video.final.notSent', { reason: sayTold(text, refused) }));
    return false;
  }
  const sent = await send(finalRequest(item, size, stored.value.id), 1, useProjectStore.getState().currentId);
  if (!sent.ok) {
    const refused = sent.error;
    say('error', (text) => notSentText(refused, text));
    return false;
  }
  say('info', (text) => text.t('video.final.sent', { size: videoSizeWithPixels(size, text) }));
  return true;
}

/** "Continue this video" on a result: it becomes the clip to continue. */
export const continueResult = (item: LibraryItem) => chooseSourceResult(item, 'v2v');
