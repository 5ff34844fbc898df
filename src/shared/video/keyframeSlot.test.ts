import { describe, expect, it } from 'vitest';
import { emptyDocument, type CanvasDocument } from '../canvas/document';
import { lastFrame, pinKeyframe, videoDuration } from '../canvas/timeline';
import { keyframeSlot } from './keyframeSlot';

const image = { assetId: 'a'.repeat(64), name: 'a.png', width: 64, height: 64 };
const pin = (d: CanvasDocument, at: number | 'first' | 'last', id: string): CanvasDocument => {
  const edit = pinKeyframe(d, image, at, id);
  if ('refusal' in edit) throw new Error(edit.refusal);
  return edit.document;
};

describe('where the gallery pins a keyframe', () => {
  it('takes the first frame, then the last, then the free frame nearest the end', () => {
    let d = emptyDocument('gen-3-video');
    const last = lastFrame(videoDuration(d));
    expect(keyframeSlot(d)).toBe(0);
    d = pin(d, 'first', 'k1');
    expect(keyframeSlot(d)).toBe(last);
    d = pin(d, 'last', 'k2');
    expect(keyframeSlot(d)).toBe(last - 1);
  });
});
