import type { AssetInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { imageRefOf, remember } from '../canvas/assets';
import { replacePicture } from './pictureHistory';
import { useStagingStore } from './stagingStore';
import { captureFrame, type CapturedFrame } from '../player/frameCapture';
import { timelineOf, type PinAt } from '../../../../shared/canvas/timeline';
import { useCanvasStore } from '../canvas/canvasStore';
import { openStudio } from '../studio/openStudio';
import { currentText } from '../../ui/i18n/textStore';
import { errorSaying, saying, SayingError, toldSaying, type Note } from '../../ui/i18n/saying';
import { clipFrameText } from '../../../../shared/video/videoWords';
import type { MessageId } from '../../../../shared/i18n/catalog';


const stem = (name: string) => name.replace(/\.[a-z0-9]+$/i, '');

/** The frame on screen, stored as an image named after its clip and frame. */
async function storeFrame(video: HTMLVideoElement, clipName: string): Promise<{ asset: AssetInfo; frame: CapturedFrame }> {
  const frame = await captureFrame(video);
  const stored = await gen.assets.import({ name: currentText().t('video.frame.fileName', { clip: stem(clipName), frame: frame.frame }), bytes: frame.bytes });
  if (!stored.ok) throw new SayingError(toldSaying(stored.error));
  remember(stored.value);
  return { asset: stored.value, frame };
}


/**
 * A stored frame becomes the canvas's picture: one undo step, through the same path as accepting a result, so the
 * picture it replaces is kept among the versions.
 */
function placeFrameAsPicture(asset: AssetInfo, frame: CapturedFrame): Note {
  if (!replacePicture(imageRefOf(asset), saying('video.frame.notTaken'), null)) {
    return { kind: 'error', text: useStagingStore.getState().message?.text ?? saying('video.frame.notTaken') };
  }
  return { kind: 'info', text: (text) => text.t('video.frame.isPicture', { at: clipFrameText(frame.frame, text), width: frame.width, height: frame.height }) };
}

/**
 * The frame on screen becomes the canvas's picture at the clip's full size. `open` shows the canvas once the frame
 * is taken (the gallery's full view is gone after that); the strip is on the canvas already.
 */
async function frameAsPicture(video: HTMLVideoElement, clipName: string, open?: () => Promise<void>): Promise<Note> {
  try {
    const { asset, frame } = await storeFrame(video, clipName);
    await open?.();
    return placeFrameAsPicture(asset, frame);
  } catch (error) {
    const reason = errorSaying(error);
    return { kind: 'error', text: (text) => text.t('video.frame.notUsed', { reason: reason(text) }) };
  }
}

/**
 * Pins a stored image on the video timeline at `at` (a frame, or the first/last frame) and shows the studio on
 * the Video intent, so the artist sees where it went. One undo step (the canvas store's pin).
 */
export function pinAsKeyframe(asset: AssetInfo, at: PinAt): Note {
  const canvas = useCanvasStore.getState();
  const id = canvas.pinKeyframe(imageRefOf(asset), at);
  if (!id) return { kind: 'error', text: useCanvasStore.getState().message?.text ?? saying('video.keyframe.notPinned') };
  openStudio({ intent: 'video' });
  const frame = timelineOf(useCanvasStore.getState().document).keyframes.find((k) => k.id === id)?.frame ?? 0;
  return { kind: 'info', text: (text) => text.t('video.keyframe.pinned', { at: clipFrameText(frame, text) }) };
}

/** The frame on screen, pinned as a keyframe at the time it shows in its clip. */
async function frameAsKeyframe(video: HTMLVideoElement, clipName: string, open?: () => Promise<void>): Promise<Note> {
  try {
    const { asset, frame } = await storeFrame(video, clipName);
    await open?.();
    return pinAsKeyframe(asset, frame.frame);
  } catch (error) {
    const reason = errorSaying(error);
    return { kind: 'error', text: (text) => text.t('video.frame.notPinned', { reason: reason(text) }) };
  }
}

/** One thing to do with the frame on screen, as the strip's player and the gallery's full view offer it. */
export interface FrameAction {
  readonly id: 'frame-picture' | 'frame-keyframe';
  readonly label: MessageId;
  /** what it does, for the button's tooltip */
  readonly hint: MessageId;
  readonly primary: boolean;
  readonly run: (video: HTMLVideoElement, clipName: string, open?: () => Promise<void>) => Promise<Note>;
}

export const FRAME_ACTIONS: readonly FrameAction[] = [
  { id: 'frame-picture', label: 'video.frame.usePicture', hint: 'video.frame.usePicture.hint', primary: true, run: frameAsPicture },
  { id: 'frame-keyframe', label: 'video.frame.pin', hint: 'video.frame.pin.hint', primary: false, run: frameAsKeyframe },
];
