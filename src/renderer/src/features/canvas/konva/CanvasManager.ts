import Konva from 'konva';
import { canvasUse, documentUse } from '../../../../../shared/canvas/request';
import { useThemeStore } from '../../../ui/theme/themeStore';
import { selectEndpoint, useCanvasStore, type CanvasState, type CanvasStore, type View } from '../canvasStore';
import type { Point } from '../mask/maskBuffer';
import { useCursorStore } from '../store/cursorStore';
import type { LayerAdapter, RenderState } from './adapter';
import { BaseAdapter } from './baseAdapter';
import { BoxesAdapter } from './boxesAdapter';
import { FrameAdapter } from './frameAdapter';
import { GuidesAdapter } from './guidesAdapter';
import { MaskAdapter } from './maskAdapter';
import { createTools, type CanvasTool, type ToolEvent } from './tools';
import { actualSizeView, fitView, frameBounds, Pinch, resizeView, showsWhole, unionRect, wheelFactor, zoomAt, type StageSize } from './viewport';
import type { PixelRect } from '../mask/rect';

/**
 * The one place that drives Konva. State lives in the canvas store and is pushed into Konva through one
 * adapter per layer kind (`sync(state)`); Konva is never read back for state. Pointer events go to the tool in
 * hand (konva/tools), view changes through konva/viewport. Three layers: the picture (and the new area of a
 * frame), the mask overlay, and the interactive tools layer.
 */
export class CanvasManager {
  readonly stage: Konva.Stage;
  private readonly pictureLayer = new Konva.Layer({ listening: false });
  private readonly maskLayer = new Konva.Layer({ listening: false });
  private readonly toolsLayer = new Konva.Layer({ listening: false });
  readonly base: BaseAdapter;
  readonly mask: MaskAdapter;
  private readonly guides: GuidesAdapter;
  private readonly adapters: readonly LayerAdapter[];
  private readonly tools: ReturnType<typeof createTools>;
  /** The tool that took the gesture under way, if any. */
  private active: CanvasTool | null = null;
  private readonly pinch = new Pinch();
  private readonly offs: (() => void)[] = [];
  private spaceHeld = false;
  private lastFitKey = '';
  private lastShown: PixelRect | null = null;
  private size: StageSize;

  constructor(
    private readonly container: HTMLDivElement,
    urlOf: (assetId: string) => Promise<string | null>,
    private readonly store: CanvasStore = useCanvasStore,
  ) {
    this.size = { width: container.clientWidth || 800, height: container.clientHeight || 600 };
    this.stage = new Konva.Stage({ container, ...this.size });
    this.stage.add(this.pictureLayer, this.maskLayer, this.toolsLayer);
    this.base = new BaseAdapter(this.pictureLayer, urlOf, (text) => store.getState().say({ kind: 'error', text }));
    this.mask = new MaskAdapter(this.maskLayer);
    const frame = new FrameAdapter(this.pictureLayer, this.toolsLayer);
    const boxes = new BoxesAdapter(this.toolsLayer);
    this.guides = new GuidesAdapter(this.toolsLayer);
    this.adapters = [this.base, this.mask, frame, boxes, this.guides];
    this.tools = createTools({ store, guides: this.guides, stroke: this.mask });
    this.bindPointer();
    this.offs.push(
      store.subscribe((s) => this.sync(s)),
      useThemeStore.subscribe((t, prev) => {
        if (t.canvas !== prev.canvas) this.sync(store.getState());
      }),
      useCursorStore.subscribe(() => this.syncRing()),
    );
    this.sync(store.getState());
  }

  destroy(): void {
    this.active?.cancel();
    this.offs.forEach((off) => off());
    this.stage.destroy();
  }

  /** A new window size: a fitted view fits again, any other keeps its scale and its centre. */
  resize(width: number, height: number): void {
    const before = this.size;
    this.size = { width, height };
    this.stage.size(this.size);
    const s = this.store.getState();
    s.setView(resizeView(s.view, s.fitted, this.bounds(), before, this.size), s.fitted);
  }

  /** What Fit shows: the whole frame that will be sent (picture with margins, or the outpainting frame), and the result shown over it. */
  private bounds() {
    const s = this.store.getState();
    const frame = frameBounds(s.document, canvasUse(selectEndpoint(s)));
    return frame && unionRect(frame, s.shown);
  }

  fit(): void {
    const bounds = this.bounds();
    if (bounds) this.store.getState().setView(fitView(bounds, this.size), true);
  }

  /** 100%: one image pixel to one screen pixel, centred on the frame. */
  actualSize(): void {
    const bounds = this.bounds();
    if (bounds) this.store.getState().setView(actualSizeView(bounds, this.size));
  }

  /** Zooms by `factor` keeping the image point under (sx, sy) in place; the stage's centre by default. */
  zoomAt(factor: number, sx = this.size.width / 2, sy = this.size.height / 2): void {
    const s = this.store.getState();
    s.setView(zoomAt(s.view, factor, { x: sx, y: sy }));
  }

  /** For callers that want the Fit view without applying it. */
  fitView(): View {
    const bounds = this.bounds();
    return bounds ? fitView(bounds, this.size) : { scale: 1, x: 0, y: 0 };
  }

  setSpace(held: boolean): void {
    this.spaceHeld = held;
    this.container.style.cursor = held ? 'grab' : '';
    this.syncRing();
  }

  private sync(s: CanvasState): void {
    const d = s.document;
    const fitKey = d.base ? d.base.assetId : '';
    if (fitKey !== this.lastFitKey && d.base) {
      this.lastFitKey = fitKey;
      // A new picture starts fitted.
      queueMicrotask(() => this.fit());
    }
    if (s.shown !== this.lastShown) {
      this.lastShown = s.shown;
      // A result that reaches past the view (an Expand, a larger model's) is shown fitted; one that fits leaves the
      // view alone, and a fitted view fits again when the result goes.
      if (s.fitted || (s.shown && !showsWhole(s.view, s.shown, this.size))) queueMicrotask(() => this.fit());
    }
    if (this.stage.scaleX() !== s.view.scale || this.stage.x() !== s.view.x || this.stage.y() !== s.view.y) {
      this.stage.scale({ x: s.view.scale, y: s.view.scale });
      this.stage.position({ x: s.view.x, y: s.view.y });
      this.container.dataset.view = `${s.view.scale},${s.view.x},${s.view.y}`;
      for (const layer of [this.pictureLayer, this.maskLayer, this.toolsLayer]) layer.batchDraw();
    }
    const state: RenderState = {
      document: d,
      use: this.useOf(s),
      mask: s.mask,
      maskVersion: s.maskVersion,
      maskDirty: s.maskDirty,
      view: s.view,
      tool: s.tool,
      selectedBoxId: s.selectedBoxId,
      palette: useThemeStore.getState().canvas,
    };
    for (const adapter of this.adapters) adapter.sync(state);
    this.syncRing();
  }

  /** The same CanvasUse object while the endpoint stays, so adapters can tell nothing changed by identity. */
  private useCache: { key: string; use: ReturnType<typeof documentUse> } | null = null;
  private useOf(s: CanvasState) {
    const endpoint = selectEndpoint(s);
    // What the studio's intent makes of the endpoint: an intent that sends no picture uses no picture layers.
    const key = `${endpoint.id}|${s.document.intent ?? ''}|${s.document.base ? 1 : 0}`;
    if (this.useCache?.key !== key) this.useCache = { key, use: documentUse(endpoint, s.document) };
    return this.useCache.use;
  }

  private syncRing(): void {
    const s = this.store.getState();
    this.guides.brushRing(useCursorStore.getState().cursor, s.brush.size, (s.tool === 'brush' || s.tool === 'eraser') && !this.spaceHeld);
  }

  /** The pointer in image and screen pixels, from the view in the store (Konva only reports where the pointer is). */
  private event(): ToolEvent | null {
    const screen = this.stage.getPointerPosition();
    if (!screen) return null;
    const { view } = this.store.getState();
    return { point: { x: (screen.x - view.x) / view.scale, y: (screen.y - view.y) / view.scale }, screen: { x: screen.x, y: screen.y } };
  }

  private bindPointer(): void {
    this.stage.on('wheel', (e) => {
      e.evt.preventDefault();
      const pointer = this.stage.getPointerPosition();
      if (pointer) this.zoomAt(wheelFactor(e.evt.deltaY, e.evt.ctrlKey), pointer.x, pointer.y);
    });

    this.stage.on('pointerdown', (e) => {
      if (this.touch(e.evt, 'down')) return;
      if (this.active) return;
      const ev = this.event();
      if (!ev) return;
      const button = e.evt.button;
      const s = this.store.getState();
      if (button === 1 || (button === 0 && this.spaceHeld)) {
        this.active = this.tools.pan.down(ev) ? this.tools.pan : null;
        return;
      }
      if (button !== 0) return;
      const tool = this.tools[s.tool];
      if (tool.down(ev)) this.active = tool;
    });

    this.stage.on('pointermove', (e) => {
      if (this.touch(e.evt, 'move')) return;
      const ev = this.event();
      if (ev) useCursorStore.getState().setCursor(ev.point);
      if (this.active && ev) this.active.move(ev);
    });

    const end = (): void => {
      const tool = this.active;
      this.active = null;
      const ev = this.event();
      if (tool) tool.up(ev ?? { point: { x: 0, y: 0 }, screen: { x: 0, y: 0 } });
    };
    this.stage.on('pointerup pointercancel', (e) => {
      if (this.touch(e.evt, 'up')) return;
      end();
    });
    this.stage.on('pointerleave', () => useCursorStore.getState().setCursor(null));
    // A drag that ends outside the canvas still ends.
    window.addEventListener('pointerup', end);
    this.offs.push(() => window.removeEventListener('pointerup', end));
  }

  /**
   * Follows fingers. Answers true while two are down: the event belongs to the pinch. A gesture the first finger
   * began is taken back when the second lands, so zooming never leaves a stray mark.
   */
  private touch(evt: PointerEvent, phase: 'down' | 'move' | 'up'): boolean {
    if (evt.pointerType !== 'touch') return false;
    if (phase === 'up') return this.pinch.lift(evt.pointerId);
    const box = this.container.getBoundingClientRect();
    const at: Point = { x: evt.clientX - box.left, y: evt.clientY - box.top };
    const s = this.store.getState();
    const pinched = this.pinch.move(evt.pointerId, at, s.view, phase === 'down');
    if (!pinched) return this.pinch.active;
    if (pinched.began) {
      this.active?.cancel();
      this.active = null;
    } else s.setView(pinched.view);
    return true;
  }

  /** Draws the pending changes now (the benchmark measures a pointer event including its redraw). */
  drawNow(): void {
    this.stage.draw();
  }
}
