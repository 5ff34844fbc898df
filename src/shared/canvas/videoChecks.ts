import { VIDEO_DRAFT_RESOLUTION, VIDEO_MAX_SECONDS } from '../catalog/video';
import { ENGLISH_TEXT, type AppText } from '../i18n/text';
import { finalSizes } from '../video/finalSize';
import { clipFrameText, videoModeLabel, videoSizeWithPixels } from '../video/videoWords';
import type { CanvasDocument, VideoRef } from './document';
import { keyframesPastEnd, timelineOf, VIDEO_ENDPOINT_ID, videoDuration, videoMode } from './timeline';

/** Why a video source cannot be the clip to continue, or null: its length is checked before anything is sent. */
export function sourceRefusal(source: Pick<VideoRef, 'name' | 'seconds'>, text: AppText = ENGLISH_TEXT): string | null {
  const max = VIDEO_MAX_SECONDS.v2v;
  if (source.seconds !== null && source.seconds > max + 1e-6) {
    return text.t('video.refuse.sourceTooLong', { name: source.name, seconds: source.seconds, mode: videoModeLabel('v2v', text), max });
  }
  return null;
}

/** Why the video document must send nothing yet, in the artist's words, or null. */
export function videoRefusal(document: CanvasDocument, text: AppText = ENGLISH_TEXT): string | null {
  const mode = videoMode(document);
  const label = videoModeLabel(mode, text);
  const duration = videoDuration(document);
  if (duration > VIDEO_MAX_SECONDS[mode]) return text.t('video.refuse.tooLong', { mode: label, max: VIDEO_MAX_SECONDS[mode], seconds: duration });
  const timeline = timelineOf(document);
  if (mode === 'i2v') {
    if (timeline.keyframes.length === 0) return text.t('video.refuse.noKeyframe', { mode: label, textMode: videoModeLabel('t2v', text) });
    const late = keyframesPastEnd(document);
    const frames = new Intl.ListFormat(text.locale, { type: 'unit', style: 'short' }).format(late.map((k) => clipFrameText(k.frame, text)));
    if (late.length > 0) return text.t('video.refuse.lateKeyframes', { count: late.length, seconds: duration, frames });
  }
  if (mode === 'v2v' || mode === 'draft_enhance') {
    if (!timeline.source) return text.t(mode === 'v2v' ? 'video.refuse.noClip' : 'video.refuse.noDraft', { mode: label });
    if (mode === 'v2v') return sourceRefusal(timeline.source, text);
    // Enhancing at the draft's own size (or a size left to the service) would charge for the same frames again.
    const finals = finalSizes(VIDEO_DRAFT_RESOLUTION);
    const size = document.formValues[VIDEO_ENDPOINT_ID]?.resolution;
    if (!finals.some((r) => r === size)) {
      const sizes = new Intl.ListFormat(text.locale, { type: 'disjunction' }).format(finals.map((r) => videoSizeWithPixels(r, text)));
      return text.t('video.refuse.draftSize', { mode: label, sizes });
    }
  }
  return null;
}
