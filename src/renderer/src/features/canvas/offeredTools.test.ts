import { describe, expect, it } from 'vitest';
import { toolAfterSwitch } from './offeredTools';

const none = { maskField: null, alphaMask: false, boxes: false };
const mask = { maskField: 'mask', alphaMask: false, boxes: false };
const boxes = { maskField: null, alphaMask: false, boxes: true };

describe('the tool after a model switch', () => {
  it('takes the tool of what the new model edits when the one in hand is not offered', () => {
    expect(toolAfterSwitch('brush', none, mask)).toBe('brush');
    expect(toolAfterSwitch('rect', mask, boxes)).toBe('box');
    expect(toolAfterSwitch('box', boxes, none)).toBe('move');
  });
  it('does not keep move when it was the only tool (Deblur to Erase), but keeps a move the artist chose', () => {
    expect(toolAfterSwitch('move', none, mask)).toBe('brush');
    expect(toolAfterSwitch('move', mask, mask)).toBe('move');
    expect(toolAfterSwitch('lasso', mask, mask)).toBe('lasso');
  });
});
