import { VIDEO_DRAFT_RESOLUTION, VIDEO_MAX_SECONDS, VIDEO_MODE_LABELS } from '../catalog/video';
import { finalSizes, frameSizeWords } from '../video/finalSize';
import type { CanvasDocument, VideoRef } from './document';
import { formatFrame, keyframesPastEnd, timelineOf, VIDEO_ENDPOINT_ID, videoDuration, videoMode } from './timeline';

/** Why a video source cannot be the clip to continue, or null: its length is checked before anything is sent. */
export function sourceRefusal(source: Pick<VideoRef, 'name' | 'seconds'>): string | null {
  const max = VIDEO_MAX_SECONDS.v2v;
  if (source.seconds !== null && source.seconds > max + 1e-6) {
    return `${source.name} is ${source.seconds.toFixed(1)} s long: “${VIDEO_MODE_LABELS.v2v}” takes a clip of up to ${max} s. Trim it in a video editor, or choose a shorter one. Nothing was sent.`;
  }
  return null;
}

/** Why the video document must send nothing yet, in the artist's words, or null. */
export function videoRefusal(document: CanvasDocument): string | null {
  const mode = videoMode(document);
  const duration = videoDuration(document);
  if (duration > VIDEO_MAX_SECONDS[mode]) return `“${VIDEO_MODE_LABELS[mode]}” makes clips of up to ${VIDEO_MAX_SECONDS[mode]} s; this one is set to ${duration} s. Nothing was sent.`;
  const timeline = timelineOf(document);
  if (mode === 'i2v') {
    if (timeline.keyframes.length === 0) return `“${VIDEO_MODE_LABELS.i2v}” needs at least one keyframe: drop an image on the timeline or a first or last frame slot, or choose “${VIDEO_MODE_LABELS.t2v}”. Nothing was sent.`;
    const late = keyframesPastEnd(document);
    if (late.length > 0) return `${late.length === 1 ? 'A keyframe lies' : `${late.length} keyframes lie`} after the end of the ${duration} s clip (${late.map((k) => formatFrame(k.frame)).join(', ')}): move ${late.length === 1 ? 'it' : 'them'} inside or make the clip longer. Nothing was sent.`;
  }
  if (mode === 'v2v' || mode === 'draft_enhance') {
    const what = mode === 'v2v' ? 'a clip to continue: choose a video file or a previous result' : 'a draft: press “Make final” on a draft in the results strip, or choose one here';
    if (!timeline.source) return `“${VIDEO_MODE_LABELS[mode]}” needs ${what}. Nothing was sent.`;
    if (mode === 'v2v') return sourceRefusal(timeline.source);
    // Enhancing at the draft's own size (or a size left to the service) would charge for the same frames again.
    const finals = finalSizes(VIDEO_DRAFT_RESOLUTION);
    const size = document.formValues[VIDEO_ENDPOINT_ID]?.resolution;
    if (!finals.some((r) => r === size)) return `“${VIDEO_MODE_LABELS.draft_enhance}” renders the draft larger: choose a frame size above the draft’s, ${finals.map(frameSizeWords).join(', ').replace(/, ([^,]*)$/, ' or $1')}. Nothing was sent.`;
  }
  return null;
}
