import { frameAt } from '../../../../shared/video/playhead';
import { listenOn } from '../../ui/listen';
import { currentText } from '../../ui/i18n/textStore';

/** A frame drawn from a <video>: the PNG bytes at the clip's full size, and where in the clip it was. */
export interface CapturedFrame {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** Seconds of the frame's place in the clip, as the player read it. */
  readonly time: number;
  readonly frame: number;
}

/** Resolves once the element has the frame at its current time decoded (a seek may still be on its way). */
function frameReady(video: HTMLVideoElement): Promise<void> {
  if (!video.seeking && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      if (video.seeking || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      off();
      resolve();
    };
    const failed = () => {
      off();
      reject(new Error(currentText().t('video.player.unreadable')));
    };
    const off = listenOn(video, { seeked: done, loadeddata: done, canplay: done, error: failed });
  });
}

/** Draws `video` at (width, height) on a fresh canvas; the caller encodes it. */
export function drawFrame(video: HTMLVideoElement, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  // A video frame is opaque: an opaque canvas encodes as an RGB PNG, smaller and quicker to write, and the store
  // has no transparency to look for in it.
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx) throw new Error(currentText().t('strip.composite.cannotDraw'));
  ctx.drawImage(video, 0, 0, width, height);
  return canvas;
}

export async function canvasBytes(canvas: HTMLCanvasElement, type: 'image/png' | 'image/jpeg' | 'image/webp', quality?: number): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  if (!blob) throw new Error(currentText().t('video.player.notWritten'));
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * The frame on screen, as a PNG at the clip's full size (not the size it is shown at). Paused first, so the frame
 * taken is the one the artist sees and the playhead reads.
 */
export async function captureFrame(video: HTMLVideoElement): Promise<CapturedFrame> {
  if (!video.paused) video.pause();
  await frameReady(video);
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) throw new Error(currentText().t('video.player.noPicture'));
  const time = video.currentTime;
  const bytes = await canvasBytes(drawFrame(video, width, height), 'image/png');
  return { bytes, width, height, time, frame: frameAt(time) };
}
