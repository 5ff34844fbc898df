import { describe, expect, it, vi } from 'vitest';
import { emptyDocument } from '../../../../../shared/canvas/document';
import { createCanvasStore, useCanvasStore } from '../canvasStore';
import { useCursorStore } from './cursorStore';

const base = { assetId: 'a'.repeat(64), name: 'p.png', width: 64, height: 64 };

describe('canvas store', () => {
  it('owns its history: two stores undo only their own edits', () => {
    const a = createCanvasStore();
    const b = createCanvasStore();
    for (const s of [a, b]) s.getState().load(emptyDocument('gen-pro-1.0-expand'), null);
    a.getState().change('Set top', (d) => ({ ...d, expansion: { ...d.expansion, top: 10 } }));
    expect(a.getState().canUndo).toBe(true);
    expect(b.getState().canUndo).toBe(false);
    expect(b.getState().historySize().entries).toBe(0);
    b.getState().undo();
    expect(a.getState().document.expansion.top).toBe(10);
    a.getState().undo();
    expect(a.getState().document.expansion.top).toBe(0);
  });

  it('honours history limits given to it', () => {
    const s = createCanvasStore({ maxEntries: 3, maxBytes: 1e9 });
    s.getState().load(emptyDocument('gen-pro-1.0-expand'), null);
    for (let top = 1; top <= 10; top++) s.getState().change('Set top', (d) => ({ ...d, expansion: { ...d.expansion, top } }));
    expect(s.getState().historySize().entries).toBe(3);
  });

  it('combines the document, mask, tool, view and history slices', () => {
    const s = createCanvasStore().getState();
    for (const key of ['document', 'load', 'change', 'setBase', 'mask', 'editMask', 'cancelGesture', 'tool', 'brush', 'setTool', 'view', 'setView', 'say', 'undo', 'redo', 'canUndo'] as const) {
      expect(s[key], key).not.toBeUndefined();
    }
    expect('cursor' in s).toBe(false);
  });

  it('the cursor lives in its own store: a pointer move notifies no canvas subscriber', () => {
    useCanvasStore.getState().load({ ...emptyDocument('gen-pro-1.0-fill'), base }, null);
    const canvas = vi.fn();
    const cursor = vi.fn();
    const offs = [useCanvasStore.subscribe(canvas), useCursorStore.subscribe(cursor)];
    for (let x = 0; x < 20; x++) useCursorStore.getState().setCursor({ x, y: 3 });
    offs.forEach((off) => off());
    expect(cursor).toHaveBeenCalledTimes(20);
    expect(canvas).not.toHaveBeenCalled();
  });

  it('a view set by Fit is marked fitted; zooming or panning clears the mark', () => {
    const s = createCanvasStore();
    s.getState().setView({ scale: 0.5, x: 10, y: 10 }, true);
    expect(s.getState().fitted).toBe(true);
    s.getState().setView({ scale: 0.6, x: 10, y: 10 });
    expect(s.getState().fitted).toBe(false);
  });
});
