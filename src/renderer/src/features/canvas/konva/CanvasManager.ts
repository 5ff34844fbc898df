import Konva from 'konva';
import { canvasUse } from '../../../../../shared/canvas/request';
import { newBoxId, selectEndpoint, useCanvasStore, type Tool, type View } from '../canvasStore';
import { fillEllipse, fillPolygon, fillRectangle, strokeSegment, type Point } from '../mask/maskBuffer';
import { rectFromCorners } from '../mask/rect';
import { clampOutpaint } from '../../../../../shared/canvas/outpaintFrame';
import { layerRefusal } from '../layers';
import { useThemeStore } from '../../../ui/theme/themeStore';
import type { CanvasPalette } from '../../../ui/theme/tokens';
import { BaseAdapter } from './baseAdapter';
import { BoxesAdapter } from './boxesAdapter';
import { FrameAdapter } from './frameAdapter';
import { MaskAdapter } from './maskAdapter';

type State = ReturnType<typeof useCanvasStore.getState>;

const MIN_SCALE = 0.02;
const MAX_SCALE = 32;
const PAINT_TOOLS: readonly Tool[] = ['brush', 'eraser', 'rect', 'ellipse', 'lasso'];

/**
 * The one place that drives Konva. State lives in the zustand store and is pushed into Konva through one
 * adapter per layer kind; Konva is never read back for state. Three layers: the picture (and the new area
 * of a frame), the mask overlay, and the interactive tools layer.
 */
export class CanvasManager {
  readonly stage: Konva.Stage;
  private readonly pictureLayer = new Konva.Layer({ listening: false });
  private readonly maskLayer = new Konva.Layer({ listening: false });
  private readonly toolsLayer = new Konva.Layer();
  readonly base: BaseAdapter;
  readonly mask: MaskAdapter;
  private readonly frame: FrameAdapter;
  private readonly boxes: BoxesAdapter;
  private readonly preview: Konva.Line = new Konva.Line({ dash: [6, 4], listening: false, visible: false });
  private readonly previewEllipse = new Konva.Ellipse({ radiusX: 1, radiusY: 1, dash: [6, 4], listening: false, visible: false });
  private readonly cursorRing = new Konva.Circle({ radius: 1, listening: false, visible: false });
  private readonly unsubscribe: () => void;
  private readonly unsubscribeTheme: () => void;
  private gesture: { kind: 'stroke' | 'shape' | 'lasso' | 'box' | 'pan' | 'offset'; start: Point; last: Point; points: Point[]; screen: Point; view: View } | null = null;
  private spaceHeld = false;
  private offsetStart = { x: 0, y: 0 };
  private endGesture: () => void = () => {};
  private lastFitKey = '';
  /** Fingers on the screen, in stage pixels: two make a pinch that zooms and pans, as on a tablet. */
  private readonly touches = new Map<number, Point>();
  private pinch: { distance: number; mid: Point; view: View } | null = null;

  constructor(
    private readonly container: HTMLDivElement,
    urlOf: (assetId: string) => Promise<string | null>,
  ) {
    this.stage = new Konva.Stage({ container, width: container.clientWidth || 800, height: container.clientHeight || 600 });
    this.stage.add(this.pictureLayer, this.maskLayer, this.toolsLayer);
    const store = useCanvasStore;
    this.base = new BaseAdapter(this.pictureLayer, urlOf, (text) => store.getState().say({ kind: 'error', text }));
    this.mask = new MaskAdapter(this.maskLayer);
    this.frame = new FrameAdapter(this.pictureLayer, this.toolsLayer, {
      beginGesture: () => store.getState().beginGesture(),
      endGesture: (label) => store.getState().endGesture(label),
      setExpansion: (side, value) => store.getState().changeLayer('expansion', `Set ${side} margin`, (d) => ({ ...d, expansion: { ...d.expansion, [side]: value } }), true),
      setOutpaint: (patch) =>
        store.getState().changeLayer('expansion', 'Move outpaint frame', (d) => (d.outpaint && d.base ? { ...d, outpaint: clampOutpaint({ ...d.outpaint, ...patch }, d.base, selectEndpoint({ document: d })) } : d), true),
    }, useThemeStore.getState().canvas);
    this.boxes = new BoxesAdapter(this.toolsLayer, {
      select: (id) => store.getState().selectBox(id),
      update: (id, patch, label) =>
        store.getState().changeLayer('boxes', label, (d) => ({ ...d, boxes: d.boxes.map((b) => (b.id === id ? { ...b, ...patch } : b)) }), true),
    }, useThemeStore.getState().canvas);
    this.toolsLayer.add(this.preview, this.previewEllipse, this.cursorRing);
    this.paint(useThemeStore.getState().canvas);
    this.unsubscribeTheme = useThemeStore.subscribe((t, prev) => {
      if (t.canvas !== prev.canvas) this.paint(t.canvas);
    });
    this.bindPointer();
    this.unsubscribe = store.subscribe((s, prev) => this.sync(s, prev));
    this.sync(store.getState(), undefined);
  }

  /** The theme's colours on every layer; the backdrop around the picture is the stage's CSS. */
  private paint(palette: CanvasPalette): void {
    for (const guide of [this.preview, this.previewEllipse, this.cursorRing]) guide.stroke(palette.guide);
    this.frame.paint(palette);
    this.boxes.paint(palette);
    this.stage.batchDraw();
  }

  destroy(): void {
    this.unsubscribe();
    this.unsubscribeTheme();
    window.removeEventListener('pointerup', this.endGesture);
    this.stage.destroy();
  }

  /** A new window size keeps the user's zoom and position (as painting tools do); only a new picture refits. */
  resize(width: number, height: number): void {
    this.stage.size({ width, height });
    this.sync(useCanvasStore.getState(), undefined);
  }

  /** Scale and position that show the whole frame (picture and margins) with a small border. */
  fitView(): View {
    const s = useCanvasStore.getState();
    const base = s.document.base;
    if (!base) return { scale: 1, x: 0, y: 0 };
    const e = s.document.expansion;
    const frame = { x: -e.left, y: -e.top, width: base.width + e.left + e.right, height: base.height + e.top + e.bottom };
    const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, Math.min((this.stage.width() - 48) / frame.width, (this.stage.height() - 48) / frame.height)));
    return { scale, x: Math.round((this.stage.width() - frame.width * scale) / 2 - frame.x * scale), y: Math.round((this.stage.height() - frame.height * scale) / 2 - frame.y * scale) };
  }

  /** 100%: one image pixel to one screen pixel, centred on the picture. */
  actualSize(): View {
    const base = useCanvasStore.getState().document.base;
    if (!base) return { scale: 1, x: 0, y: 0 };
    return { scale: 1, x: Math.round((this.stage.width() - base.width) / 2), y: Math.round((this.stage.height() - base.height) / 2) };
  }

  /** Zooms by `factor` keeping the image point under (sx, sy) in place. */
  zoomAt(factor: number, sx: number, sy: number): void {
    const { view, setView } = useCanvasStore.getState();
    const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, view.scale * factor));
    const ix = (sx - view.x) / view.scale;
    const iy = (sy - view.y) / view.scale;
    setView({ scale, x: sx - ix * scale, y: sy - iy * scale });
  }

  setSpace(held: boolean): void {
    this.spaceHeld = held;
    this.container.style.cursor = held ? 'grab' : '';
  }

  private sync(s: State, prev: State | undefined): void {
    const endpoint = selectEndpoint(s);
    const use = canvasUse(endpoint);
    const d = s.document;
    const fitKey = d.base ? d.base.assetId : '';
    if (fitKey !== this.lastFitKey && d.base) {
      this.lastFitKey = fitKey;
      // A new picture starts fitted.
      queueMicrotask(() => useCanvasStore.getState().setView(this.fitView()));
    }
    this.stage.scale({ x: s.view.scale, y: s.view.scale });
    this.stage.position({ x: s.view.x, y: s.view.y });
    this.container.dataset.view = `${s.view.scale},${s.view.x},${s.view.y}`;

    if (!prev || prev.document.base !== d.base || prev.document.layers.base !== d.layers.base) void this.base.sync(d);
    if (!prev || prev.maskVersion !== s.maskVersion || prev.mask !== s.mask || prev.document.mask !== d.mask || prev.document.layers.mask !== d.layers.mask) {
      this.mask.sync(s.mask, prev && prev.mask === s.mask ? s.maskDirty : { x: 0, y: 0, width: s.mask?.width ?? 0, height: s.mask?.height ?? 0 }, d.mask.color, d.mask.opacity, d.layers.mask.visible);
      this.maskLayer.batchDraw();
    }
    this.frame.sync(d, use, s.view.scale, true);
    this.boxes.sync(d, s.selectedBoxId, s.view.scale, use.boxes && d.layers.boxes.visible, !d.layers.boxes.locked && (s.tool === 'box' || s.tool === 'move'));
    this.syncCursor(s);
    this.pictureLayer.batchDraw();
    this.toolsLayer.batchDraw();
  }

  private syncCursor(s: State): void {
    const painting = (s.tool === 'brush' || s.tool === 'eraser') && s.cursor !== null && !this.spaceHeld;
    this.cursorRing.visible(painting);
    if (painting && s.cursor) this.cursorRing.setAttrs({ x: s.cursor.x, y: s.cursor.y, radius: s.brush.size / 2, strokeWidth: 1 / s.view.scale });
  }

  /** The pointer in image pixels. */
  private imagePoint(): Point | null {
    const p = this.stage.getRelativePointerPosition();
    return p ? { x: p.x, y: p.y } : null;
  }

  private bindPointer(): void {
    const store = useCanvasStore;
    this.stage.on('wheel', (e) => {
      e.evt.preventDefault();
      const pointer = this.stage.getPointerPosition();
      if (!pointer) return;
      // Pinch on a trackpad arrives as a wheel event with ctrlKey; both zoom around the pointer.
      const factor = Math.exp(-e.evt.deltaY * (e.evt.ctrlKey ? 0.01 : 0.0015));
      this.zoomAt(factor, pointer.x, pointer.y);
    });

    this.stage.on('pointerdown', (e) => {
      if (this.trackTouch(e.evt, 'down')) return;
      const s = store.getState();
      const p = this.imagePoint();
      const screen = this.stage.getPointerPosition();
      if (!p || !screen) return;
      const button = e.evt.button;
      const base = s.document.base;
      const outpaint = s.document.outpaint;
      // With the move tool, the picture drags to its offset inside the outpainting frame.
      if (button === 0 && s.tool === 'move' && !this.spaceHeld && base && outpaint && canvasUse(selectEndpoint(s)).outpaint && p.x >= 0 && p.y >= 0 && p.x < base.width && p.y < base.height && e.target === this.stage) {
        const refusal = layerRefusal(s.document, 'expansion', true);
        if (refusal) return s.say({ kind: 'info', text: refusal });
        s.beginGesture();
        this.gesture = { kind: 'offset', start: p, last: p, points: [], screen, view: s.view };
        this.offsetStart = { x: outpaint.offsetX, y: outpaint.offsetY };
        return;
      }
      if (button === 1 || this.spaceHeld || s.tool === 'move') {
        if (s.tool === 'move' && e.target !== this.stage && button === 0) return; // a box or handle takes it
        this.gesture = { kind: 'pan', start: p, last: p, points: [], screen, view: s.view };
        return;
      }
      if (button !== 0) return;
      if (e.target !== this.stage && !PAINT_TOOLS.includes(s.tool)) return; // handles and boxes take their own drags
      if (e.target.name().startsWith('handle-')) return;
      if (s.tool === 'box') {
        if (!s.document.base) return;
        const refusal = layerRefusal(s.document, 'boxes', true);
        if (refusal) return s.say({ kind: 'info', text: refusal });
        store.getState().selectBox(null);
        this.gesture = { kind: 'box', start: p, last: p, points: [], screen, view: s.view };
        return;
      }
      if (!PAINT_TOOLS.includes(s.tool)) return;
      const use = canvasUse(selectEndpoint(s));
      if (!use.maskField && !use.alphaMask) {
        s.say({ kind: 'info', text: `${selectEndpoint(s).title} takes no mask. Prepare for Fill or Erase to paint one.` });
        return;
      }
      if (!s.mask) {
        s.say({ kind: 'info', text: 'Open a picture first: the mask is painted over it.' });
        return;
      }
      const refusal = layerRefusal(s.document, 'mask', true);
      if (refusal) return s.say({ kind: 'info', text: refusal });
      if (s.tool === 'brush' || s.tool === 'eraser') {
        s.beginStroke();
        this.gesture = { kind: 'stroke', start: p, last: p, points: [], screen, view: s.view };
        this.paintTo(p, p);
      } else if (s.tool === 'lasso') {
        this.gesture = { kind: 'lasso', start: p, last: p, points: [p], screen, view: s.view };
      } else {
        this.gesture = { kind: 'shape', start: p, last: p, points: [], screen, view: s.view };
      }
    });

    this.stage.on('pointermove', (e) => {
      if (this.trackTouch(e.evt, 'move')) return;
      const p = this.imagePoint();
      const s = store.getState();
      if (p) s.setCursor({ x: p.x, y: p.y });
      const g = this.gesture;
      if (!g || !p) return;
      if (g.kind === 'offset') {
        // The picture is the world's origin, so on screen the frame slides the other way; the offset is what changes,
        // held where the picture stays inside the frame.
        const dx = Math.round(p.x - g.start.x);
        const dy = Math.round(p.y - g.start.y);
        s.change('Move picture in frame', (d) =>
          d.outpaint && d.base ? { ...d, outpaint: clampOutpaint({ ...d.outpaint, offsetX: this.offsetStart.x + dx, offsetY: this.offsetStart.y + dy }, d.base, selectEndpoint({ document: d })) } : d,
        );
        return;
      }
      if (g.kind === 'pan') {
        const screen = this.stage.getPointerPosition();
        if (screen) s.setView({ ...g.view, x: g.view.x + screen.x - g.screen.x, y: g.view.y + screen.y - g.screen.y });
        return;
      }
      if (g.kind === 'stroke') {
        this.paintTo(g.last, p);
      } else if (g.kind === 'lasso') {
        g.points.push(p);
        this.preview.setAttrs({ points: g.points.flatMap((q) => [q.x, q.y]), closed: true, strokeWidth: 1 / s.view.scale, visible: true });
      } else if (g.kind === 'shape' || g.kind === 'box') {
        const r = rectFromCorners(Math.round(g.start.x), Math.round(g.start.y), Math.round(p.x), Math.round(p.y));
        if (s.tool === 'ellipse') {
          this.previewEllipse.setAttrs({ x: r.x + r.width / 2, y: r.y + r.height / 2, radiusX: Math.max(0.5, r.width / 2), radiusY: Math.max(0.5, r.height / 2), strokeWidth: 1 / s.view.scale, visible: true });
        } else {
          this.preview.setAttrs({ points: [r.x, r.y, r.x + r.width, r.y, r.x + r.width, r.y + r.height, r.x, r.y + r.height], closed: true, strokeWidth: 1 / s.view.scale, visible: true });
        }
      }
      g.last = p;
      this.toolsLayer.batchDraw();
    });

    const end = (): void => {
      const g = this.gesture;
      this.gesture = null;
      this.preview.visible(false);
      this.previewEllipse.visible(false);
      this.toolsLayer.batchDraw();
      if (!g) return;
      const s = store.getState();
      const mode = s.shapeMode;
      if (g.kind === 'offset') s.endGesture('Move picture in frame');
      else if (g.kind === 'stroke') s.endStroke(s.tool === 'eraser' ? 'Eraser stroke' : 'Brush stroke');
      else if (g.kind === 'lasso' && g.points.length >= 3) s.editMask(`Lasso ${mode}`, (m, touch) => {
        const xs = g.points.map((q) => q.x);
        const ys = g.points.map((q) => q.y);
        touch({ x: Math.floor(Math.min(...xs)), y: Math.floor(Math.min(...ys)), width: Math.ceil(Math.max(...xs) - Math.min(...xs)) + 2, height: Math.ceil(Math.max(...ys) - Math.min(...ys)) + 2 });
        return fillPolygon(m, g.points, mode);
      });
      else if (g.kind === 'shape') {
        const r = rectFromCorners(Math.round(g.start.x), Math.round(g.start.y), Math.round(g.last.x), Math.round(g.last.y));
        if (r.width < 1 || r.height < 1) return;
        const tool = s.tool;
        s.editMask(`${tool === 'ellipse' ? 'Ellipse' : 'Rectangle'} ${mode}`, (m, touch) => {
          touch(r);
          return tool === 'ellipse' ? fillEllipse(m, r, mode) : fillRectangle(m, r, mode);
        });
      } else if (g.kind === 'box') {
        const r = rectFromCorners(Math.round(g.start.x), Math.round(g.start.y), Math.round(g.last.x), Math.round(g.last.y));
        if (r.width < 2 || r.height < 2) return;
        const id = newBoxId();
        if (s.changeLayer('boxes', 'Add box', (d) => ({ ...d, boxes: [...d.boxes, { id, label: `box ${d.boxes.length + 1}`, ...r }] }))) s.selectBox(id);
      }
    };
    this.endGesture = end;
    this.stage.on('pointerup pointercancel', (e) => {
      if (this.trackTouch(e.evt, 'up')) return;
      end();
    });
    this.stage.on('pointerleave', () => {
      store.getState().setCursor(null);
    });
    // A drag that ends outside the canvas still ends.
    window.addEventListener('pointerup', this.endGesture);
  }

  /**
   * Follows fingers. Answers true while two are down: the event belongs to the pinch. A stroke the first finger
   * began is taken back when the second lands, so zooming never leaves a stray mark.
   */
  private trackTouch(evt: PointerEvent, phase: 'down' | 'move' | 'up'): boolean {
    if (evt.pointerType !== 'touch') return false;
    const box = this.container.getBoundingClientRect();
    const at = { x: evt.clientX - box.left, y: evt.clientY - box.top };
    if (phase === 'up') {
      this.touches.delete(evt.pointerId);
      if (this.pinch) {
        if (this.touches.size < 2) this.pinch = null;
        return true;
      }
      return false;
    }
    if (phase === 'down') this.touches.set(evt.pointerId, at);
    else if (this.touches.has(evt.pointerId)) this.touches.set(evt.pointerId, at);
    const s = useCanvasStore.getState();
    if (this.touches.size < 2) return this.pinch !== null;
    const [a, b] = [...this.touches.values()] as [Point, Point];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const distance = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
    if (!this.pinch) {
      if (this.gesture?.kind === 'stroke') s.cancelStroke();
      else if (this.gesture?.kind === 'offset') s.endGesture('Move picture in frame');
      this.gesture = null;
      this.preview.visible(false);
      this.previewEllipse.visible(false);
      this.pinch = { distance, mid, view: s.view };
      return true;
    }
    const { view } = this.pinch;
    const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, view.scale * (distance / this.pinch.distance)));
    // The image point under the fingers' first midpoint follows the midpoint: pinch zooms and pans at once.
    const ix = (this.pinch.mid.x - view.x) / view.scale;
    const iy = (this.pinch.mid.y - view.y) / view.scale;
    s.setView({ scale, x: mid.x - ix * scale, y: mid.y - iy * scale });
    return true;
  }

  private paintTo(from: Point, to: Point): void {
    const s = useCanvasStore.getState();
    const mode = s.tool === 'eraser' ? 'erase' : 'paint';
    s.strokeEdit((m, touch) => {
      const r = s.brush.size / 2 + 2;
      touch({ x: Math.floor(Math.min(from.x, to.x) - r), y: Math.floor(Math.min(from.y, to.y) - r), width: Math.ceil(Math.abs(to.x - from.x) + 2 * r), height: Math.ceil(Math.abs(to.y - from.y) + 2 * r) });
      return strokeSegment(m, from, to, s.brush, mode);
    });
    if (this.gesture) this.gesture.last = to;
  }

  /** Draws the pending changes now (the benchmark measures a pointer event including its redraw). */
  drawNow(): void {
    this.stage.draw();
  }
}
