import type { CanvasDocument, VideoRef } from '../../../../shared/canvas/document';
import { VIDEO_ENDPOINT_ID } from '../../../../shared/canvas/timeline';
import { sourceRefusal } from '../../../../shared/canvas/videoChecks';
import { VIDEO_MODE_LABELS, type VideoMode, type VideoResolution } from '../../../../shared/catalog/video';
import { finalRequest, frameSizeWords } from '../../../../shared/video/finalSize';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { MP4_PROBLEM, readMp4 } from '../../../../shared/media/mp4';
import { gen } from '../../api';
import { send } from '../../store/sendTasks';
import { useCanvasStore } from '../canvas/canvasStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { useStudioStore } from '../../store/studioStore';
import { clipKind } from '../../../../shared/video/clipName';
import { inputNameOf } from '../../text/taskText';

const store = () => useCanvasStore.getState();
const say = (kind: 'error' | 'info', text: string) => useStudioStore.getState().say({ kind, text, about: VIDEO_ENDPOINT_ID });

/** A result of the video model made at hd from keyframes or words: a draft "Make final" can enhance. */
export function isDraft(item: Pick<LibraryItem, 'endpointId' | 'params'>): boolean {
  return clipKind(item.endpointId, item.params) === 'draft';
}

export const isVideoResult = (item: Pick<LibraryItem, 'mime'>): boolean => item.mime.startsWith('video/');

/** The mode and the source in one undo step, so the panel and the timeline change together. */
function setSource(source: VideoRef, mode: VideoMode): void {
  store().change(`${VIDEO_MODE_LABELS[mode]}: ${source.name}`, (d: CanvasDocument) => ({
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
  if (reading.kind !== 'mp4') return say('error', `${file.name} ${MP4_PROBLEM[reading.kind]}, so it cannot be ${mode === 'v2v' ? 'continued' : 'enhanced'}. Nothing was sent.`);
  const { info } = reading;
  if (mode === 'v2v') {
    const refused = sourceRefusal({ name: file.name, seconds: info.seconds });
    if (refused) return say('error', refused);
  }
  const stored = await gen.assets.import({ name: file.name, bytes });
  if (!stored.ok) return say('error', `${file.name}: ${stored.error.message} Nothing was sent.`);
  setSource({ assetId: stored.value.id, name: file.name.slice(0, 512), seconds: info.seconds, resultId: null }, mode);
  say('info', `${file.name} (${info.seconds?.toFixed(1) ?? '?'} s) is the clip to ${mode === 'v2v' ? 'continue' : 'enhance'}.`);
}

/** A previous result as the clip to continue (or the draft to enhance), checked the same way. */
export async function chooseSourceResult(item: LibraryItem, mode: VideoMode): Promise<void> {
  if (!isVideoResult(item)) return say('error', `${inputNameOf(item)} is a picture, not a video.`);
  if (mode === 'v2v') {
    const refused = sourceRefusal({ name: inputNameOf(item), seconds: item.seconds });
    if (refused) return say('error', refused);
  }
  const stored = await gen.assets.fromLibrary({ resultId: item.id });
  if (!stored.ok) return say('error', `${inputNameOf(item)} could not be used: ${stored.error.message}`);
  setSource({ assetId: stored.value.id, name: stored.value.name.slice(0, 512), seconds: item.seconds, resultId: item.id }, mode);
}

/**
 * "Make final" on a draft at the final size the artist chose (above the draft's: finalRequest refuses any other):
 * draft enhance with the draft as the clip, keeping its keyframes, prompt, length and seed.
 */
export async function makeFinal(item: LibraryItem, size: VideoResolution): Promise<boolean> {
  const stored = await gen.assets.fromLibrary({ resultId: item.id });
  if (!stored.ok) {
    say('error', `The draft could not be sent: ${stored.error.message}`);
    return false;
  }
  const sent = await send(finalRequest(item, size, stored.value.id), 1, useProjectStore.getState().currentId);
  if (!sent.ok) {
    say('error', sent.text);
    return false;
  }
  say('info', `The draft is being made final at ${frameSizeWords(size)}, with its keyframes, prompt and seed.`);
  return true;
}

/** "Continue this video" on a result: it becomes the clip to continue. */
export const continueResult = (item: LibraryItem) => chooseSourceResult(item, 'v2v');
