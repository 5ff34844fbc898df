import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument } from '../../../../../../shared/canvas/document';
import { createCanvasStore, type CanvasStore } from '../../canvasStore';
import { createMask, strokeSegment, type Paint, type Point } from '../../mask/maskBuffer';
import type { PixelRect } from '../../mask/rect';
import type { StrokeBuffer } from '../../mask/strokeBuffer';
import { resizeView } from '../viewport';
import { createTools } from './index';
import { ENGLISH_TEXT } from '../../../../../../shared/i18n/text';
import type { Guides, StrokePreview, ToolEvent } from './types';

const base = { assetId: 'a'.repeat(64), name: 'p.png', width: 400, height: 300 };
const at = (x: number, y: number): ToolEvent => ({ point: { x, y }, screen: { x, y } });
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

/** What the mask layer would show: the mask with the stroke in progress, read from the stroke's own buffer. */
class FakeStroke implements StrokePreview {
  stroke: { buffer: StrokeBuffer; mode: Paint } | null = null;
  shows = 0;
  committing = false;
  showStroke(buffer: StrokeBuffer, mode: Paint) {
    this.stroke = { buffer, mode };
    this.shows++;
  }
  commitStroke() {
    this.committing = true;
  }
  endStroke() {
    this.stroke = null;
    this.committing = false;
  }
  /** The mask as shown: every pixel through the stroke buffer. */
  shown(mask: Uint8Array): number[] {
    return Array.from(mask, (_, i) => (this.stroke ? this.stroke.buffer.valueAt(mask, i, this.stroke.mode) : mask[i]!));
  }
}

let store: CanvasStore;
let guides: FakeGuides;
let preview: FakeStroke;
let tools: ReturnType<typeof createTools>;
beforeEach(() => {
  store = createCanvasStore();
  store.getState().load(emptyDocument('gen-pro-1.0-fill'), null);
  store.getState().setBase(base);
  guides = new FakeGuides();
  preview = new FakeStroke();
  tools = createTools({ store, guides, stroke: preview });
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

  it('brush: the store is written once, on release, with exactly the pixels of painting every segment', () => {
    const brush = { size: 24, hardness: 0.5 };
    store.getState().setBrush(brush);
    // Something painted first, so the eraser has soft values to take away as well as full ones.
    tools.brush.down(at(40, 40));
    tools.brush.move(at(200, 120));
    tools.brush.up(at(200, 120));
    const path: [number, number][] = [[30, 100], [60, 90], [90, 60], [140, 70], [210, 110], [215, 112]];
    const expected = createMask(base.width, base.height);
    expected.data.set(store.getState().mask!.data);
    for (let i = 1; i < path.length; i++) strokeSegment(expected, { x: path[i - 1]![0], y: path[i - 1]![1] }, { x: path[i]![0], y: path[i]![1] }, brush, 'erase');
    strokeSegment(expected, { x: path[0]![0], y: path[0]![1] }, { x: path[0]![0], y: path[0]![1] }, brush, 'erase');

    const before = store.getState().mask!.data.slice();
    const steps = store.getState().historySize().entries;
    let notified = 0;
    preview.shows = 0;
    const version = store.getState().maskVersion;
    const off = store.subscribe(() => notified++);
    tools.eraser.down(at(...path[0]!));
    for (const p of path.slice(1)) tools.eraser.move(at(...p));
    // While the pointer moves, nothing reaches the store; the screen shows the stroke from its buffer.
    expect(notified).toBe(0);
    expect(store.getState().mask!.data).toEqual(before);
    expect(preview.shows).toBe(path.length);
    expect(preview.shown(store.getState().mask!.data)).toEqual([...expected.data]);
    tools.eraser.up(at(...path.at(-1)!));
    off();
    expect(notified).toBeGreaterThan(0);
    expect(store.getState().maskVersion).toBe(version + 1);
    expect(preview.stroke).toBeNull();
    expect(store.getState().mask!.data).toEqual(expected.data);
    expect(store.getState().historySize().entries).toBe(steps + 1);
    store.getState().undo();
    expect(store.getState().mask!.data).toEqual(before);
    store.getState().redo();
    expect(store.getState().mask!.data).toEqual(expected.data);
  });

  it('brush: the buffer is empty for the next stroke', () => {
    tools.brush.down(at(20, 20));
    tools.brush.up(at(20, 20));
    const first = painted(store);
    tools.brush.down(at(300, 200));
    expect(preview.shown(store.getState().mask!.data).filter((v) => v > 0).length).toBe(first * 2);
    tools.brush.up(at(300, 200));
    expect(painted(store)).toBe(first * 2);
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
    expect(store.getState().message?.text(ENGLISH_TEXT)).toMatch(/Mask layer is locked/);
    store.getState().setEndpoint('gen-pro-1.0-expand');
    expect(tools.rect.down(at(10, 10))).toBe(false);
    expect(store.getState().message?.text(ENGLISH_TEXT)).toMatch(/takes no mask/);
  });

  it('box: drags a new box on the stage, selected; a press on a box is the box’s own', () => {
    store.getState().setEndpoint('gen-3-image');
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

  it('box and move tools: a press on a box selects and drags it, one undo step; cancel puts it back', () => {
    store.getState().setEndpoint('gen-3-image');
    store.getState().change('Add box', (d) => ({ ...d, boxes: [{ id: 'b1', label: 'cat', x: 100, y: 100, width: 100, height: 50 }] }));
    const steps = store.getState().historySize().entries;
    for (const tool of [tools.box, tools.move]) {
      expect(tool.down(at(150, 120))).toBe(true);
      expect(store.getState().selectedBoxId).toBe('b1');
      tool.move(at(160, 130));
      // The box follows the pointer through the store, where the adapter draws it from.
      expect(store.getState().document.boxes[0]).toMatchObject({ x: 110, y: 110 });
      tool.move(at(175, 110));
      tool.up(at(175, 110));
      expect(store.getState().document.boxes[0]).toMatchObject({ x: 125, y: 90, width: 100, height: 50 });
      expect(store.getState().historySize().entries).toBe(steps + 1);
      store.getState().undo();
      expect(store.getState().document.boxes[0]).toMatchObject({ x: 100, y: 100 });
    }
    tools.move.down(at(150, 120));
    tools.move.move(at(10, 10));
    tools.move.cancel();
    expect(store.getState().document.boxes[0]).toMatchObject({ x: 100, y: 100 });
    expect(store.getState().canRedo).toBe(true);
  });

  it('box: the selected box resizes by its anchors, past the opposite edge too; a locked box is only selected', () => {
    store.getState().setEndpoint('gen-3-image');
    store.getState().change('Add box', (d) => ({ ...d, boxes: [{ id: 'b1', label: 'cat', x: 100, y: 100, width: 100, height: 50 }] }));
    store.getState().setView({ scale: 2, x: 0, y: 0 });
    store.getState().selectBox('b1');
    // The bottom-right anchor, taken a screen pixel off its centre.
    expect(tools.move.down(at(200.5, 150.5))).toBe(true);
    tools.move.move(at(240.5, 170.5));
    tools.move.up(at(240.5, 170.5));
    expect(store.getState().document.boxes[0]).toMatchObject({ x: 100, y: 100, width: 140, height: 70 });
    // The left edge's anchor dragged past the right edge turns the box over.
    tools.box.down(at(100, 135));
    tools.box.move(at(300, 135));
    tools.box.up(at(300, 135));
    expect(store.getState().document.boxes[0]).toMatchObject({ x: 240, y: 100, width: 60, height: 70 });
    store.getState().setLayer('boxes', { locked: true });
    store.getState().selectBox(null);
    expect(tools.move.down(at(250, 120))).toBe(true);
    tools.move.move(at(10, 10));
    tools.move.up(at(10, 10));
    expect(store.getState().selectedBoxId).toBe('b1');
    expect(store.getState().document.boxes[0]).toMatchObject({ x: 240, y: 100 });
  });

  it('frame handles drag a margin whatever the tool, one undo step; cancel leaves none', () => {
    store.getState().setEndpoint('gen-pro-1.0-expand');
    const steps = store.getState().historySize().entries;
    // The right handle sits at the middle of the picture's right edge; taken 3 pixels off its centre.
    expect(tools.brush.down(at(403, 152))).toBe(true);
    tools.brush.move(at(433, 160));
    expect(store.getState().document.expansion.right).toBe(30);
    tools.brush.move(at(463, 170));
    tools.brush.up(at(463, 170));
    expect(store.getState().document.expansion).toMatchObject({ right: 60, top: 0, left: 0, bottom: 0 });
    expect(store.getState().historySize().entries).toBe(steps + 1);
    expect(painted(store)).toBe(0);
    // The left handle now: the margin grows as it goes left.
    tools.move.down(at(0, 150));
    tools.move.move(at(-25, 150));
    tools.move.cancel();
    expect(store.getState().document.expansion.left).toBe(0);
    expect(store.getState().historySize().entries).toBe(steps + 1);
    store.getState().setLayer('expansion', { locked: true });
    expect(tools.move.down(at(460, 150))).toBe(true); // not a handle any more: the move tool pans
    tools.move.up(at(460, 150));
    expect(store.getState().document.expansion.right).toBe(60);
  });

  it('a margin drag keeps the view where it is: a fitted view is no longer refitted to the grown frame', () => {
    store.getState().setEndpoint('gen-pro-1.0-expand');
    const view = { scale: 0.5, x: 40, y: 30 };
    store.getState().setView(view, true);
    tools.brush.down(at(403, 152));
    tools.brush.move(at(463, 152));
    tools.brush.up(at(463, 152));
    expect(store.getState()).toMatchObject({ view, fitted: false });
    // The panel's layout changes the stage's size between two drags: the picture keeps its scale.
    const after = resizeView(store.getState().view, store.getState().fitted, { x: 0, y: 0, width: 460, height: 300 }, { width: 800, height: 600 }, { width: 800, height: 580 });
    expect(after).toEqual({ scale: 0.5, x: 40, y: 20 });
  });

  it('frame handles of an outpainting frame move its far edge or the picture’s offset', () => {
    store.getState().setEndpoint('outpainting-v1');
    store.getState().change('Add frame', (d) => ({ ...d, outpaint: { width: 600, height: 500, offsetX: 100, offsetY: 100 } }));
    // Right handle at x = 600 - 100 = 500, y = -100 + 250 = 150.
    expect(tools.rect.down(at(500, 150))).toBe(true);
    tools.rect.move(at(540, 150));
    tools.rect.up(at(540, 150));
    expect(store.getState().document.outpaint).toMatchObject({ width: 640, offsetX: 100 });
    // Left handle at x = -100: dragged 20 to the right, the picture sits 20 closer to the left edge.
    tools.rect.down(at(-100, 150));
    tools.rect.move(at(-80, 150));
    tools.rect.up(at(-80, 150));
    expect(store.getState().document.outpaint).toMatchObject({ width: 620, offsetX: 80 });
    expect(painted(store)).toBe(0);
  });
});
