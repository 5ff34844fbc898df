import { describe, expect, it } from 'vitest';
import { appendBoundingBoxes, promptForDisplay } from './boundingBoxes';

describe('a prompt with boxes, shown', () => {
  it('names the boxes by their labels instead of the JSON list the service reads', () => {
    const sent = appendBoundingBoxes('a harbour at dawn', [
      { label: 'boat', box: [0, 0, 500, 500] },
      { label: 'gull', box: [600, 0, 900, 300] },
    ]);
    expect(promptForDisplay(sent)).toBe('a harbour at dawn · 2 boxes: boat, gull');
    expect(promptForDisplay(appendBoundingBoxes('', [{ label: '', box: [0, 0, 1, 1] }]))).toBe('1 box');
    expect(promptForDisplay('a plain prompt [not boxes]')).toBe('a plain prompt [not boxes]');
  });
});
