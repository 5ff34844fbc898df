import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument, type ImageRef } from '../../../../../shared/canvas/document';
import { VIDEO_ENDPOINT_ID } from '../../../../../shared/canvas/timeline';
import { ENGLISH_TEXT } from '../../../../../shared/i18n/text';
import { createCanvasStore } from '../canvasStore';

const image = (c: string): ImageRef => ({ assetId: c.repeat(64), name: `${c}.png`, width: 64, height: 36 });
let store = createCanvasStore();
const s = () => store.getState();
const frames = () => s().document.timeline.keyframes.map((k) => k.frame);

beforeEach(() => {
  store = createCanvasStore();
  s().load({ ...emptyDocument(VIDEO_ENDPOINT_ID), formValues: { [VIDEO_ENDPOINT_ID]: { mode: 'i2v', duration: 10 } } }, null);
});

describe('the canvas store’s timeline', () => {
  it('pins, moves, replaces and removes, each one undo step, and redo replays them', () => {
    const first = s().pinKeyframe(image('a'), 'first')!;
    const last = s().pinKeyframe(image('b'), 'last')!;
    const mid = s().pinKeyframe(image('c'), 48)!;
    expect(frames()).toEqual([0, 48, 239]);
    expect(s().selectedKeyframeId).toBe(mid);
    s().moveKeyframe(mid, 72);
    s().nudgeKeyframe(mid, 1);
    s().nudgeKeyframe(first, 24);
    s().replaceKeyframe(last, image('d'));
    s().removeKeyframe(first);
    expect(frames()).toEqual([73, 239]);
    for (const expected of [[24, 73, 239], [24, 73, 239], [0, 73, 239], [0, 72, 239], [0, 48, 239], [0, 239], [0], []]) {
      s().undo();
      expect(frames()).toEqual(expected);
    }
    expect(s().canUndo).toBe(false);
    s().redo();
    s().redo();
    expect(frames()).toEqual([0, 239]);
  });

  it('a drag of many moves is one undo step', () => {
    const id = s().pinKeyframe(image('a'), 10)!;
    s().beginGesture();
    for (let f = 11; f <= 100; f++) s().moveKeyframe(id, f);
    s().endGesture('Move keyframe');
    expect(frames()).toEqual([100]);
    s().undo();
    expect(frames()).toEqual([10]);
  });

  it('refuses an 11th keyframe with a clear message and keeps the ten', () => {
    for (let i = 0; i < 10; i++) expect(s().pinKeyframe(image('a'), i * 10)).not.toBeNull();
    expect(s().pinKeyframe(image('b'), 200)).toBeNull();
    expect(s().message?.kind).toBe('error');
    expect(s().message?.text(ENGLISH_TEXT)).toBe('A clip takes at most 10 keyframes. Remove one or replace it to pin this image.');
    expect(frames()).toHaveLength(10);
  });

  it('keeps the source video in the document, undoably', () => {
    s().setVideoSource({ assetId: 'e'.repeat(64), name: 'clip.mp4', seconds: 6, resultId: 'r1' });
    expect(s().document.timeline.source?.resultId).toBe('r1');
    s().undo();
    expect(s().document.timeline.source).toBeNull();
  });
});
