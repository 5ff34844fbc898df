import Konva from 'konva';
import type { CanvasDocument, Expansion } from '../../../../../shared/canvas/document';
import type { CanvasUse } from '../../../../../shared/canvas/request';
import type { CanvasPalette } from '../../../ui/theme/tokens';

export interface FrameCallbacks {
  beginGesture(): void;
  endGesture(label: string): void;
  setExpansion(side: keyof Expansion, value: number): void;
  setOutpaint(patch: Partial<NonNullable<CanvasDocument['outpaint']>>): void;
}

type Side = 'top' | 'bottom' | 'left' | 'right';
const SIDES: readonly Side[] = ['top', 'bottom', 'left', 'right'];
const HANDLE_PX = 14;

/** The area a frame adds around the picture, hatched so it reads as new; handles on every side drag it. */
export class FrameAdapter {
  private readonly newArea: Konva.Rect;
  private readonly outline: Konva.Rect;
  private readonly handles = new Map<Side, Konva.Rect>();
  private scale = 1;

  constructor(
    pictureLayer: Konva.Layer,
    toolsLayer: Konva.Layer,
    private readonly callbacks: FrameCallbacks,
    palette: CanvasPalette,
  ) {
    this.newArea = new Konva.Rect({ listening: false, fillPatternRepeat: 'repeat' });
    this.outline = new Konva.Rect({ listening: false, dash: [8, 6] });
    pictureLayer.add(this.newArea);
    this.newArea.moveToBottom();
    toolsLayer.add(this.outline);
    for (const side of SIDES) {
      const handle = new Konva.Rect({ name: `handle-${side}`, draggable: true });
      handle.on('dragstart', () => callbacks.beginGesture());
      handle.on('dragend', () => callbacks.endGesture(`Drag ${side} margin`));
      toolsLayer.add(handle);
      this.handles.set(side, handle);
    }
    this.paint(palette);
    this.wire();
  }

  /** The theme's colours: the hatching of the new area, the outline and the handles. */
  paint(palette: CanvasPalette): void {
    const stripes = document.createElement('canvas');
    stripes.width = stripes.height = 16;
    const ctx = stripes.getContext('2d')!;
    ctx.fillStyle = palette.newArea;
    ctx.fillRect(0, 0, 16, 16);
    ctx.strokeStyle = palette.frame;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(-4, 20);
    ctx.lineTo(20, -4);
    ctx.stroke();
    this.newArea.fillPatternImage(stripes as unknown as HTMLImageElement);
    this.outline.stroke(palette.frame);
    for (const handle of this.handles.values()) handle.setAttrs({ fill: palette.handle, stroke: palette.frame });
  }

  private use: CanvasUse | null = null;
  private document: CanvasDocument | null = null;

  /**
   * Handles follow the pointer along their own axis; the value they stand for goes to the store. Bound once: the
   * handlers read the document and endpoint of the latest sync.
   */
  private wire(): void {
    for (const side of SIDES) {
      const handle = this.handles.get(side)!;
      handle.on('dragmove', () => {
        const d = this.document;
        const use = this.use;
        if (!d?.base || !use) return;
        const half = HANDLE_PX / this.scale / 2;
        const cx = handle.x() + half;
        const cy = handle.y() + half;
        const { width: w, height: h } = d.base;
        if (use.outpaint && d.outpaint) {
          const o = d.outpaint;
          if (side === 'right') this.callbacks.setOutpaint({ width: Math.round(cx + o.offsetX) });
          if (side === 'bottom') this.callbacks.setOutpaint({ height: Math.round(cy + o.offsetY) });
          // The far edge stays put: a left or top handle moves the picture's offset and the size by the same amount.
          const offsetX = Math.max(0, Math.round(-cx));
          const offsetY = Math.max(0, Math.round(-cy));
          if (side === 'left') this.callbacks.setOutpaint({ offsetX, width: o.width + (offsetX - o.offsetX) });
          if (side === 'top') this.callbacks.setOutpaint({ offsetY, height: o.height + (offsetY - o.offsetY) });
        } else {
          const value = side === 'right' ? cx - w : side === 'left' ? -cx : side === 'bottom' ? cy - h : -cy;
          this.callbacks.setExpansion(side, Math.max(0, Math.min(use.expandMax, Math.round(value))));
        }
      });
    }
  }

  sync(document: CanvasDocument, use: CanvasUse, scale: number, interactive: boolean): void {
    this.document = document;
    this.use = use;
    this.scale = scale;
    const base = document.base;
    const shown = base !== null && document.layers.expansion.visible && (use.expandSides.length > 0 || (use.outpaint && document.outpaint !== null));
    this.newArea.visible(shown);
    this.outline.visible(shown);
    for (const h of this.handles.values()) h.visible(shown && interactive && !document.layers.expansion.locked);
    if (!shown || !base) return;
    const frame =
      use.outpaint && document.outpaint
        ? { x: -document.outpaint.offsetX, y: -document.outpaint.offsetY, width: document.outpaint.width, height: document.outpaint.height }
        : {
            x: -document.expansion.left,
            y: -document.expansion.top,
            width: base.width + document.expansion.left + document.expansion.right,
            height: base.height + document.expansion.top + document.expansion.bottom,
          };
    this.newArea.setAttrs(frame);
    this.newArea.fillPatternScale({ x: 1 / scale, y: 1 / scale });
    this.outline.setAttrs({ ...frame, strokeWidth: 2 / scale });
    const size = HANDLE_PX / scale;
    const at: Record<Side, { x: number; y: number }> = {
      left: { x: frame.x, y: frame.y + frame.height / 2 },
      right: { x: frame.x + frame.width, y: frame.y + frame.height / 2 },
      top: { x: frame.x + frame.width / 2, y: frame.y },
      bottom: { x: frame.x + frame.width / 2, y: frame.y + frame.height },
    };
    for (const side of SIDES) {
      const handle = this.handles.get(side)!;
      if (handle.isDragging()) continue;
      const horizontal = side === 'left' || side === 'right';
      const p = at[side];
      handle.setAttrs({ x: p.x - size / 2, y: p.y - size / 2, width: size, height: size, strokeWidth: 1.5 / scale });
      handle.dragBoundFunc(function (this: Konva.Node, pos) {
        const abs = this.getAbsolutePosition();
        return horizontal ? { x: pos.x, y: abs.y } : { x: abs.x, y: pos.y };
      });
    }
  }
}
