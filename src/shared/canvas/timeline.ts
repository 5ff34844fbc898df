import { findEndpoint } from '../catalog/catalog';
import { VIDEO_FPS, VIDEO_KEYFRAMES, VIDEO_MAX_SECONDS, VIDEO_MODES, type VideoMode } from '../catalog/video';
import { words, type Words } from '../i18n/words';
import type { CanvasDocument, ImageRef, Keyframe, Timeline } from './document';

/**
 * The video timeline's rules, pure so the store, the studio panel, the request and the tests share them.
 * Times are kept as whole frames at 24 fps (keyframes snap to frames); the request sends seconds.
 */

export const VIDEO_ENDPOINT_ID = 'gen-3-video';

/** The clip length the studio starts with when the form holds none (the document states no default). */
const DEFAULT_VIDEO_SECONDS = 5;

/** Where a pin goes: a frame, or exactly the first or last frame of the clip. */
export type PinAt = number | 'first' | 'last';

const frameToSeconds = (frame: number): number => frame / VIDEO_FPS;
export const secondsToFrame = (seconds: number): number => Math.round(seconds * VIDEO_FPS);

const formValue = (document: CanvasDocument, name: string) => document.formValues[VIDEO_ENDPOINT_ID]?.[name];

/** The video mode the document is set to (the catalog's default when the form has none). */
export function videoMode(document: CanvasDocument): VideoMode {
  const value = formValue(document, 'mode');
  return (VIDEO_MODES as readonly string[]).includes(value as string) ? (value as VideoMode) : 'i2v';
}

/** The clip's length in seconds as the form holds it, or the catalog's default, or the mode's longest. */
export function videoDuration(document: CanvasDocument): number {
  const value = formValue(document, 'duration');
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  const stated = findEndpoint(VIDEO_ENDPOINT_ID)?.fields.find((f) => f.name === 'duration')?.default;
  return Math.min(typeof stated === 'number' ? stated : DEFAULT_VIDEO_SECONDS, VIDEO_MAX_SECONDS[videoMode(document)]);
}

/** Frames in a clip of `seconds`; the last one is this minus one. */
export const clipFrames = (seconds: number): number => Math.max(1, Math.round(seconds * VIDEO_FPS));
export const lastFrame = (seconds: number): number => clipFrames(seconds) - 1;

/** Keyframes pinned after the clip's end (the clip was shortened): kept, shown, and named before sending. */
export function keyframesPastEnd(document: CanvasDocument): Keyframe[] {
  const last = lastFrame(videoDuration(document));
  return timelineOf(document).keyframes.filter((k) => k.frame > last);
}

export const timelineOf = (document: CanvasDocument): Timeline => document.timeline;

const sortByFrame = (keyframes: Keyframe[]): Keyframe[] => [...keyframes].sort((a, b) => a.frame - b.frame);

const withKeyframes = (document: CanvasDocument, keyframes: Keyframe[]): CanvasDocument => ({
  ...document,
  timeline: { ...timelineOf(document), keyframes: sortByFrame(keyframes) },
});

export type TimelineEdit = { readonly document: CanvasDocument; readonly keyframe: Keyframe } | { readonly refusal: Words };

/** Clamps a frame into the clip. */
function clampFrame(document: CanvasDocument, frame: number): number {
  return Math.min(lastFrame(videoDuration(document)), Math.max(0, Math.round(frame)));
}

function resolveFrame(document: CanvasDocument, at: PinAt): number {
  if (at === 'first') return 0;
  if (at === 'last') return lastFrame(videoDuration(document));
  return clampFrame(document, at);
}

/** Why an 11th keyframe is not pinned, said in the language on screen. */
export const keyframeLimitWords = words('video.pin.full', { max: VIDEO_KEYFRAMES.max });

/** A keyframe edited after it left the timeline (a stale selection, a drag that ended after its removal). */
const goneWords = words('canvas.keyframe.gone');

/**
 * Pins `image` at a frame. Pinning onto a frame that already has a keyframe replaces that keyframe's image (the
 * first and last frame slots behave as slots). An 11th keyframe is refused, and the timeline stays as it was.
 */
export function pinKeyframe(document: CanvasDocument, image: ImageRef, at: PinAt, id: string): TimelineEdit {
  const frame = resolveFrame(document, at);
  const keyframes = timelineOf(document).keyframes;
  const occupant = keyframes.find((k) => k.frame === frame);
  if (occupant) {
    const keyframe = { ...occupant, image };
    return { document: withKeyframes(document, keyframes.map((k) => (k.id === occupant.id ? keyframe : k))), keyframe };
  }
  if (keyframes.length >= VIDEO_KEYFRAMES.max) return { refusal: keyframeLimitWords };
  const keyframe: Keyframe = { id, image, frame };
  return { document: withKeyframes(document, [...keyframes, keyframe]), keyframe };
}

/**
 * Moves a keyframe to another frame (clamped into the clip). Two keyframes never share a frame: a move onto
 * another one stops on the nearest free frame on the side it came from.
 */
export function moveKeyframe(document: CanvasDocument, id: string, to: number): TimelineEdit {
  const keyframes = timelineOf(document).keyframes;
  const moving = keyframes.find((k) => k.id === id);
  if (!moving) return { refusal: goneWords };
  let frame = clampFrame(document, to);
  const taken = new Set(keyframes.filter((k) => k.id !== id).map((k) => k.frame));
  const step = frame > moving.frame ? -1 : 1;
  while (taken.has(frame) && frame !== moving.frame) frame += step;
  const keyframe = { ...moving, frame };
  return { document: withKeyframes(document, keyframes.map((k) => (k.id === id ? keyframe : k))), keyframe };
}

export function replaceKeyframe(document: CanvasDocument, id: string, image: ImageRef): TimelineEdit {
  const keyframes = timelineOf(document).keyframes;
  const found = keyframes.find((k) => k.id === id);
  if (!found) return { refusal: goneWords };
  const keyframe = { ...found, image };
  return { document: withKeyframes(document, keyframes.map((k) => (k.id === id ? keyframe : k))), keyframe };
}

export function removeKeyframe(document: CanvasDocument, id: string): TimelineEdit {
  const keyframes = timelineOf(document).keyframes;
  const found = keyframes.find((k) => k.id === id);
  if (!found) return { refusal: goneWords };
  return { document: withKeyframes(document, keyframes.filter((k) => k.id !== id)), keyframe: found };
}

/** The keyframes as the request sends them: in time order, seconds from the clip's start. */
export function keyframeTimes(document: CanvasDocument): { assetId: string; time: number }[] {
  return timelineOf(document).keyframes.map((k) => ({ assetId: k.image.assetId, time: frameToSeconds(k.frame) }));
}

/**
 * Where a picture pinned without pointing goes: the first frame slot while it is empty, then the last, then the
 * middle of the widest gap between keyframes (so one click never lands on another keyframe).
 */
export function nextFreeFrame(document: CanvasDocument): PinAt {
  const frames = timelineOf(document).keyframes.map((k) => k.frame);
  const last = lastFrame(videoDuration(document));
  if (!frames.includes(0)) return 'first';
  if (!frames.includes(last)) return 'last';
  const inside = [...new Set([0, ...frames.filter((f) => f < last), last])].sort((a, b) => a - b);
  let best = { from: 0, to: 0 };
  for (let i = 1; i < inside.length; i++) if (inside[i]! - inside[i - 1]! > best.to - best.from) best = { from: inside[i - 1]!, to: inside[i]! };
  return Math.round((best.from + best.to) / 2);
}
