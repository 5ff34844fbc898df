import { VIDEO_FPS } from '../catalog/video';

/**
 * Frame arithmetic for the player. A frame is addressed by its index from 0; seeking aims at the middle of a
 * frame's display interval, (frame + 0.5) / fps, so a decoder that rounds a time to the nearest frame or to the
 * frame before it lands on the same one, and the index read back from the current time is the index asked for.
 */

/** A hair of tolerance: a time that should sit exactly on a frame's start may come back a rounding error short. */
const EPSILON = 1e-6;

/** The frame shown at `seconds`. */
export function frameAt(seconds: number, fps: number = VIDEO_FPS): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.floor(seconds * fps + EPSILON);
}

/** Where to seek to show `frame`: the middle of its display interval. */
export function seekTimeOf(frame: number, fps: number = VIDEO_FPS): number {
  return (Math.max(0, Math.floor(frame)) + 0.5) / fps;
}

/** The index of a clip's last frame; 0 while its length is unknown. */
export function lastFrameOf(duration: number, fps: number = VIDEO_FPS): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.max(0, Math.ceil(duration * fps - EPSILON) - 1);
}

/** `frame` kept inside the clip. */
export function clampFrame(frame: number, duration: number, fps: number = VIDEO_FPS): number {
  return Math.min(lastFrameOf(duration, fps), Math.max(0, Math.round(frame)));
}
