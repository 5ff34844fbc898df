import type { CanvasDocument } from '../canvas/document';
import { lastFrame, timelineOf, videoDuration } from '../canvas/timeline';

/**
 * Where an image sent from the gallery lands on the timeline: the first frame when it is free (the common start
 * frame), else the last frame (the end frame), else the free frame nearest the end, so it never replaces a keyframe
 * the artist pinned. Null when every frame is taken.
 */
export function keyframeSlot(document: CanvasDocument): number | null {
  const taken = new Set(timelineOf(document).keyframes.map((k) => k.frame));
  const last = lastFrame(videoDuration(document));
  if (!taken.has(0)) return 0;
  for (let frame = last; frame > 0; frame--) if (!taken.has(frame)) return frame;
  return null;
}
