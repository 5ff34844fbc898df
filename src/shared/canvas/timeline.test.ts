import { describe, expect, it } from 'vitest';
import { emptyDocument, type CanvasDocument, type ImageRef } from './document';
import {
  keyframeLimitWords,
  keyframesPastEnd,
  keyframeTimes,
  lastFrame,
  moveKeyframe,
  nextFreeFrame,
  pinKeyframe,
  removeKeyframe,
  replaceKeyframe,
  VIDEO_ENDPOINT_ID,
  videoDuration,
  type TimelineEdit,
} from './timeline';

const image = (c: string): ImageRef => ({ assetId: c.repeat(64), name: `${c}.png`, width: 64, height: 36 });
const video = (duration: number, mode = 'i2v'): CanvasDocument => ({
  ...emptyDocument(VIDEO_ENDPOINT_ID),
  formValues: { [VIDEO_ENDPOINT_ID]: { mode, duration } },
});
const ok = (edit: TimelineEdit): CanvasDocument => {
  if ('refusal' in edit) throw new Error(edit.refusal.id);
  return edit.document;
};

describe('the video timeline', () => {
  it('pins to the exact first and last frame of the clip, in time order', () => {
    let doc = video(5);
    doc = ok(pinKeyframe(doc, image('b'), 'last', 'k2'));
    doc = ok(pinKeyframe(doc, image('a'), 'first', 'k1'));
    doc = ok(pinKeyframe(doc, image('c'), 60, 'k3'));
    expect(doc.timeline.keyframes.map((k) => [k.id, k.frame])).toEqual([['k1', 0], ['k3', 60], ['k2', 119]]);
    expect(keyframeTimes(doc).map((k) => k.time)).toEqual([0, 2.5, 119 / 24]);
    expect(lastFrame(20)).toBe(479);
  });

  it('pinning onto an occupied frame replaces its image instead of stacking two keyframes', () => {
    let doc = ok(pinKeyframe(video(5), image('a'), 'first', 'k1'));
    doc = ok(pinKeyframe(doc, image('b'), 'first', 'k2'));
    expect(doc.timeline.keyframes).toEqual([{ id: 'k1', image: image('b'), frame: 0 }]);
  });

  it('refuses an 11th keyframe with a message and leaves the timeline as it was', () => {
    let doc = video(20);
    for (let i = 0; i < 10; i++) doc = ok(pinKeyframe(doc, image('a'), i * 24, `k${i}`));
    const refused = pinKeyframe(doc, image('b'), 300, 'k10');
    expect(refused).toEqual({ refusal: keyframeLimitWords });
    expect(doc.timeline.keyframes).toHaveLength(10);
  });

  it('moves snap to frames, stay inside the clip and never land on another keyframe', () => {
    let doc = ok(pinKeyframe(video(2), image('a'), 10, 'k1'));
    doc = ok(pinKeyframe(doc, image('b'), 20, 'k2'));
    expect(ok(moveKeyframe(doc, 'k1', 14.6)).timeline.keyframes[0]!.frame).toBe(15);
    expect(ok(moveKeyframe(doc, 'k1', 20)).timeline.keyframes.map((k) => k.frame)).toEqual([19, 20]);
    expect(ok(moveKeyframe(doc, 'k2', 999)).timeline.keyframes.map((k) => k.frame)).toEqual([10, 47]);
    expect(ok(moveKeyframe(doc, 'k2', -5)).timeline.keyframes.map((k) => [k.id, k.frame])).toEqual([['k2', 0], ['k1', 10]]);
  });

  it('replaces and removes by id; a stale id is refused', () => {
    let doc = ok(pinKeyframe(video(5), image('a'), 0, 'k1'));
    doc = ok(replaceKeyframe(doc, 'k1', image('c')));
    expect(doc.timeline.keyframes[0]!.image).toEqual(image('c'));
    expect(ok(removeKeyframe(doc, 'k1')).timeline.keyframes).toEqual([]);
    expect('refusal' in removeKeyframe(doc, 'gone')).toBe(true);
  });

  it('keeps keyframes a shorter clip leaves behind, and names them', () => {
    let doc = ok(pinKeyframe(video(10), image('a'), 200, 'k1'));
    doc = { ...doc, formValues: { [VIDEO_ENDPOINT_ID]: { mode: 'i2v', duration: 4 } } };
    expect(doc.timeline.keyframes).toHaveLength(1);
    expect(keyframesPastEnd(doc).map((k) => k.id)).toEqual(['k1']);
  });

  it('reads the duration from the form, within the mode', () => {
    expect(videoDuration(video(7))).toBe(7);
    expect(videoDuration(emptyDocument(VIDEO_ENDPOINT_ID))).toBeGreaterThan(0);
  });

  it('a picture pinned without pointing fills the first slot, then the last, then the widest gap', () => {
    let doc = video(5);
    expect(nextFreeFrame(doc)).toBe('first');
    doc = ok(pinKeyframe(doc, image('a'), 'first', 'k1'));
    expect(nextFreeFrame(doc)).toBe('last');
    doc = ok(pinKeyframe(doc, image('b'), 'last', 'k2'));
    doc = ok(pinKeyframe(doc, image('c'), 20, 'k3'));
    expect(nextFreeFrame(doc)).toBe(70);
  });
});
