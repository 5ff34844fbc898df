import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument } from '../../../../shared/canvas/document';
import { DEFAULT_CANVAS_ENDPOINT, historySize, useCanvasStore } from './canvasStore';
import { History } from './history';
import { createMask, fillRectangle } from './mask/maskBuffer';
import { ENGLISH_TEXT } from '../../../../shared/i18n/text';
import { TileRecorder } from './mask/tiles';

const store = () => useCanvasStore.getState();
const painted = () => store().mask!.data.reduce((n, v) => n + (v > 0 ? 1 : 0), 0);
const base = { assetId: 'a'.repeat(64), name: 'photo.png', width: 300, height: 200 };

beforeEach(() => {
  store().load(emptyDocument(DEFAULT_CANVAS_ENDPOINT), null);
  store().setBase(base);
});

describe('canvas history', () => {
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
    expect(store().message?.text(ENGLISH_TEXT)).toMatch(/locked/);
  });

  it('a message about an action goes when the artist does something else: another step, undo, another tool', () => {
    const loadMask = () => {
      store().editMask('Load mask', (m, touch) => {
        touch({ x: 0, y: 0, width: 10, height: 10 });
        return fillRectangle(m, { x: 0, y: 0, width: 10, height: 10 }, 'paint');
      });
      store().say({ kind: 'info', text: () => 'The mask now comes from mask.png.' });
    };
    loadMask();
    expect(store().message?.text(ENGLISH_TEXT)).toBe('The mask now comes from mask.png.');
    store().change('Set top', (d) => ({ ...d, expansion: { ...d.expansion, top: 5 } }));
    expect(store().message).toBeNull();
    loadMask();
    store().undo();
    expect(store().message).toBeNull();
    loadMask();
    store().setTool('brush');
    expect(store().message).not.toBeNull();
    store().setTool('lasso');
    expect(store().message).toBeNull();
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

describe('layer locks and hiding', () => {
  const addBox = () => store().changeLayer('boxes', 'Add box', (d) => ({ ...d, boxes: [...d.boxes, { id: 'b1', label: 'cat', x: 1, y: 2, width: 30, height: 40 }] }));

  it('a locked layer takes no edit of its content, says why, and records no step', () => {
    for (const layer of ['boxes', 'expansion', 'references'] as const) {
      store().setLayer(layer, { locked: true });
      const steps = historySize().entries;
      const before = store().document;
      expect(store().changeLayer(layer, 'Edit', (d) => ({ ...d, boxes: [], expansion: { ...d.expansion, top: 9 }, references: [] }))).toBe(false);
      expect(store().document).toBe(before);
      expect(historySize().entries).toBe(steps);
      expect(store().message?.text(ENGLISH_TEXT)).toMatch(/locked/);
      store().setLayer(layer, { locked: false });
    }
    expect(addBox()).toBe(true);
    expect(store().document.boxes).toHaveLength(1);
  });

  it('a hidden layer refuses edits made by pointing at it, but not typed ones', () => {
    store().setLayer('boxes', { visible: false });
    expect(store().changeLayer('boxes', 'Add box', (d) => d, true)).toBe(false);
    expect(store().message?.text(ENGLISH_TEXT)).toMatch(/hidden/);
    expect(addBox()).toBe(true);
  });

  it('mask pixel edits are refused on a hidden mask, and the picture cannot be replaced while locked', () => {
    store().setLayer('mask', { visible: false });
    const applied = store().editMask('Fill', (m, touch) => {
      touch({ x: 0, y: 0, width: 10, height: 10 });
      return fillRectangle(m, { x: 0, y: 0, width: 10, height: 10 }, 'paint');
    });
    expect(applied).toBe(false);
    expect(painted()).toBe(0);
    store().setLayer('base', { locked: true });
    expect(store().setBase({ ...base, assetId: 'c'.repeat(64) })).toBe(false);
    expect(store().document.base).toEqual(base);
  });
});

describe('steps', () => {
  it('an edit that changes nothing is no undo step', () => {
    const steps = historySize().entries;
    store().change('Remove box', (d) => ({ ...d, boxes: d.boxes.filter((b) => b.id !== 'missing') }));
    store().change('Set top', (d) => ({ ...d, expansion: { ...d.expansion } }));
    expect(historySize().entries).toBe(steps);
  });
});

describe('History', () => {
  it('keeps an exact byte count when whole-mask swaps change size on undo and redo', () => {
    const history = new History();
    const small = createMask(10, 10);
    const entry = { label: 'Open image', maskSwap: { mask: small as typeof small | null } };
    history.push(entry);
    const after = history.size.bytes;
    history.undo();
    entry.maskSwap.mask = createMask(1000, 1000); // what replay does: the entry now holds the other side
    history.redo();
    history.push({ label: 'Set top' });
    history.clear();
    expect(history.size.bytes).toBe(0);
    const h2 = new History({ maxEntries: 1, maxBytes: 1e9 });
    const e2 = { label: 'Open image', maskSwap: { mask: small as typeof small | null } };
    h2.push(e2);
    expect(h2.size.bytes).toBe(after);
    e2.maskSwap.mask = createMask(1000, 1000);
    h2.push({ label: 'next' }); // drops e2: the total must fall by what e2 added, not by its new size
    expect(h2.size.bytes).toBe(0);
  });

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
