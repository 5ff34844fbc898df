import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument } from '../../../../../../shared/canvas/document';
import { createCanvasStore, type CanvasStore } from '../../canvasStore';
import type { Point } from '../../mask/maskBuffer';
import type { PixelRect } from '../../mask/rect';
import { createTools } from './index';
import type { Guides, ToolEvent } from './types';

const base = { assetId: 'a'.repeat(64), name: 'p.png', width: 400, height: 300 };
const at = (x: number, y: number, onStage = true): ToolEvent => ({ point: { x, y }, screen: { x, y }, onStage });
const painted = (store: CanvasStore) => store.getState().mask!.data.reduce((n, v) => n + (v > 0 ? 1 : 0), 0);

class FakeGuides implements Guides {
  shown: string | null = null;
  polygon(points: readonly Point[]) {
    this.shown = `polygon ${points.length}`;
  }
  rectangle(r: PixelRect) {
    this.shown = `rect ${r.width}x${r.height}`;
  }
  ellipse(r: PixelRect) {
    this.shown = `ellipse ${r.width}x${r.height}`;
  }
  hidePreview() {
    this.shown = null;
  }
}

let store: CanvasStore;
let guides: FakeGuides;
let tools: ReturnType<typeof createTools>;
beforeEach(() => {
  store = createCanvasStore();
  store.getState().load(emptyDocument('gen-pro-1.0-fill'), null);
  store.getState().setBase(base);
  guides = new FakeGuides();
  tools = createTools({ store, guides });
});

describe('canvas tools', () => {
  it('brush: down, moves and up paint one stroke that is one undo step', () => {
    const steps = store.getState().historySize().entries;
    expect(tools.brush.down(at(50, 50))).toBe(true);
    for (let x = 60; x <= 200; x += 10) tools.brush.move(at(x, 50));
    tools.brush.up(at(200, 50));
    expect(painted(store)).toBeGreaterThan(140 * 30);
    expect(store.getState().historySize().entries).toBe(steps + 1);
    store.getState().undo();
    expect(painted(store)).toBe(0);
  });

  it('brush: cancel takes the stroke back and leaves no step', () => {
    const steps = store.getState().historySize().entries;
    tools.brush.down(at(50, 50));
    tools.brush.move(at(150, 50));
    tools.brush.cancel();
    expect(painted(store)).toBe(0);
    expect(store.getState().historySize().entries).toBe(steps);
  });

  it('eraser removes what the brush painted', () => {
    tools.rect.down(at(10, 10));
    tools.rect.move(at(110, 110));
    tools.rect.up(at(110, 110));
    const before = painted(store);
    tools.eraser.down(at(60, 60));
    tools.eraser.up(at(60, 60));
    expect(painted(store)).toBeLessThan(before);
  });

  it('rectangle and ellipse preview while dragging and fill on release; cancel leaves nothing', () => {
    tools.rect.down(at(10, 10));
    tools.rect.move(at(110, 60));
    expect(guides.shown).toBe('rect 100x50');
    tools.rect.cancel();
    expect(guides.shown).toBeNull();
    expect(painted(store)).toBe(0);
    tools.ellipse.down(at(10, 10));
    tools.ellipse.move(at(110, 110));
    expect(guides.shown).toBe('ellipse 100x100');
    tools.ellipse.up(at(110, 110));
    expect(guides.shown).toBeNull();
    const area = painted(store);
    expect(area).toBeGreaterThan(Math.PI * 50 * 50 * 0.95);
    expect(area).toBeLessThan(Math.PI * 50 * 50 * 1.05);
  });

  it('lasso fills the polygon it closes', () => {
    tools.lasso.down(at(0, 0));
    for (const [x, y] of [[100, 0], [100, 100], [0, 100]] as const) tools.lasso.move(at(x, y));
    expect(guides.shown).toBe('polygon 4');
    tools.lasso.up(at(0, 100));
    expect(painted(store)).toBeGreaterThan(9500);
  });

  it('painting is refused, with a message, where the endpoint takes no mask or the mask is locked', () => {
    store.getState().setLayer('mask', { locked: true });
    expect(tools.brush.down(at(10, 10))).toBe(false);
    expect(store.getState().message?.text).toMatch(/Mask layer is locked/);
    store.getState().setEndpoint('gen-pro-1.0-expand');
    expect(tools.rect.down(at(10, 10))).toBe(false);
    expect(store.getState().message?.text).toMatch(/takes no mask/);
  });

  it('box: drags a new box on the stage, selected; a press on a box is the box’s own', () => {
    store.getState().setEndpoint('gen-3-image');
    expect(tools.box.down(at(10, 10, false))).toBe(false);
    expect(tools.box.down(at(10, 20))).toBe(true);
    tools.box.move(at(60, 80));
    tools.box.up(at(60, 80));
    const [box] = store.getState().document.boxes;
    expect(box).toMatchObject({ x: 10, y: 20, width: 50, height: 60, label: 'box 1' });
    expect(store.getState().selectedBoxId).toBe(box!.id);
  });

  it('pan and the move tool move the view by the pointer’s screen distance', () => {
    store.getState().setView({ scale: 2, x: 5, y: 5 });
    tools.pan.down(at(100, 100));
    tools.pan.move({ ...at(0, 0), screen: { x: 130, y: 90 } });
    tools.pan.up(at(0, 0));
    expect(store.getState().view).toEqual({ scale: 2, x: 35, y: -5 });
    expect(tools.move.down(at(10, 10))).toBe(true);
    tools.move.move({ ...at(0, 0), screen: { x: 20, y: 10 } });
    tools.move.up(at(0, 0));
    expect(store.getState().view).toEqual({ scale: 2, x: 45, y: -5 });
  });

  it('the move tool drags the picture inside an outpainting frame as one undo step', () => {
    store.getState().setEndpoint('outpainting-v1');
    store.getState().change('Add frame', (d) => ({ ...d, outpaint: { width: 1024, height: 1024, offsetX: 100, offsetY: 100 } }));
    const steps = store.getState().historySize().entries;
    expect(tools.move.down(at(50, 50))).toBe(true);
    tools.move.move(at(80, 70));
    tools.move.move(at(90, 75));
    tools.move.up(at(90, 75));
    expect(store.getState().document.outpaint).toMatchObject({ offsetX: 140, offsetY: 125 });
    expect(store.getState().historySize().entries).toBe(steps + 1);
    store.getState().undo();
    expect(store.getState().document.outpaint).toMatchObject({ offsetX: 100, offsetY: 100 });
  });
});
