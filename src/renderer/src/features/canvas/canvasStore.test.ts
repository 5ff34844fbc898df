import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument } from '../../../../shared/canvas/document';
import { DEFAULT_CANVAS_ENDPOINT, useCanvasStore } from './canvasStore';
import { History } from './history';
import { createMask, fillRectangle, strokeSegment } from './mask/maskBuffer';
import { TileRecorder } from './mask/tiles';

const store = () => useCanvasStore.getState();
const painted = () => store().mask!.data.reduce((n, v) => n + (v > 0 ? 1 : 0), 0);
const base = { assetId: 'a'.repeat(64), name: 'photo.png', width: 300, height: 200 };

beforeEach(() => {
  store().load(emptyDocument(DEFAULT_CANVAS_ENDPOINT), null);
  store().setBase(base);
});

describe('canvas history', () => {
  it('a brush stroke of many segments is one undo step, and redo paints it again', () => {
    store().beginStroke();
    for (let x = 20; x < 200; x += 10) store().strokeEdit((m, touch) => {
      touch({ x: x - 10, y: 40, width: 30, height: 30 });
      return strokeSegment(m, { x, y: 50 }, { x: x + 10, y: 50 }, { size: 10, hardness: 1 }, 'paint');
    });
    store().endStroke('Brush stroke');
    const after = painted();
    expect(after).toBeGreaterThan(1500);
    store().undo();
    expect(painted()).toBe(0);
    store().redo();
    expect(painted()).toBe(after);
  });

  it('a drag is one step however many changes it makes; a document edit undoes exactly', () => {
    store().beginGesture();
    for (let right = 1; right <= 50; right++) store().change('Set right margin', (d) => ({ ...d, expansion: { ...d.expansion, right } }));
    store().endGesture('Drag right margin');
    expect(store().document.expansion.right).toBe(50);
    store().undo();
    expect(store().document.expansion.right).toBe(0);
    expect(store().document.base).toEqual(base);
    store().redo();
    expect(store().document.expansion.right).toBe(50);
  });

  it('refuses to paint a locked mask layer, with a message, and changes nothing', () => {
    store().setLayer('mask', { locked: true });
    store().editMask('Rectangle', (m, touch) => {
      touch({ x: 0, y: 0, width: 10, height: 10 });
      return fillRectangle(m, { x: 0, y: 0, width: 10, height: 10 }, 'paint');
    });
    expect(painted()).toBe(0);
    expect(store().message?.text).toMatch(/locked/);
  });

  it('replacing the picture with one of another size starts a blank mask, and undo brings the painted one back', () => {
    store().editMask('Rectangle', (m, touch) => {
      touch({ x: 0, y: 0, width: 50, height: 50 });
      return fillRectangle(m, { x: 0, y: 0, width: 50, height: 50 }, 'paint');
    });
    store().setBase({ ...base, assetId: 'b'.repeat(64), width: 120, height: 80 });
    expect(store().mask).toMatchObject({ width: 120, height: 80 });
    expect(painted()).toBe(0);
    store().undo();
    expect(store().document.base).toEqual(base);
    expect(painted()).toBe(2500);
    store().redo();
    expect(store().mask).toMatchObject({ width: 120, height: 80 });
    store().undo();
    expect(painted()).toBe(2500);
  });

  it('a new edit clears redo', () => {
    store().change('Set top', (d) => ({ ...d, expansion: { ...d.expansion, top: 5 } }));
    store().undo();
    expect(store().canRedo).toBe(true);
    store().change('Set left', (d) => ({ ...d, expansion: { ...d.expansion, left: 5 } }));
    expect(store().canRedo).toBe(false);
  });
});

describe('History', () => {
  it('stays within its byte cap however many strokes are recorded, dropping the oldest', () => {
    const history = new History({ maxEntries: 1000, maxBytes: 1024 * 1024 });
    const mask = createMask(2048, 2048);
    for (let i = 0; i < 300; i++) {
      const rec = new TileRecorder(mask);
      const r = { x: (i * 37) % 1900, y: (i * 53) % 1900, width: 120, height: 120 };
      rec.touch(r);
      fillRectangle(mask, r, i % 2 ? 'erase' : 'paint');
      history.push({ label: 'stroke', tiles: rec.finish() });
      expect(history.size.bytes).toBeLessThanOrEqual(1024 * 1024);
    }
    expect(history.size.entries).toBeGreaterThan(5);
    expect(history.size.entries).toBeLessThan(300);
  });
});
