import Konva from 'konva';
import type { CanvasPalette } from '../../../ui/theme/tokens';
import type { Point } from '../mask/maskBuffer';
import type { PixelRect } from '../mask/rect';
import type { LayerAdapter, RenderState } from './adapter';
import type { Guides } from './tools/types';

/**
 * What tools draw while a gesture lasts (the dashed shape and lasso previews) and the brush ring that follows
 * the pointer. Tools show and hide the previews; the ring follows the cursor store.
 */
export class GuidesAdapter implements LayerAdapter, Guides {
  private readonly outline: Konva.Line = new Konva.Line({ dash: [6, 4], closed: true, listening: false, visible: false, perfectDrawEnabled: false });
  private readonly ellipseOutline = new Konva.Ellipse({ radiusX: 1, radiusY: 1, dash: [6, 4], listening: false, visible: false, perfectDrawEnabled: false });
  private readonly ring = new Konva.Circle({ radius: 1, listening: false, visible: false, perfectDrawEnabled: false });
  private palette: CanvasPalette | null = null;
  private scale = 1;
  private brushSize = 1;
  private ringWanted = false;

  constructor(private readonly layer: Konva.Layer) {
    layer.add(this.outline, this.ellipseOutline, this.ring);
  }

  sync({ palette, view }: RenderState): void {
    if (palette !== this.palette) {
      this.palette = palette;
      for (const node of [this.outline, this.ellipseOutline, this.ring]) node.stroke(palette.guide);
      this.layer.batchDraw();
    }
    if (view.scale !== this.scale) {
      this.scale = view.scale;
      for (const node of [this.outline, this.ellipseOutline, this.ring]) node.strokeWidth(1 / view.scale);
      this.layer.batchDraw();
    }
  }

  polygon(points: readonly Point[]): void {
    this.outline.setAttrs({ points: points.flatMap((q) => [q.x, q.y]), visible: true });
    this.layer.batchDraw();
  }

  rectangle(r: PixelRect): void {
    this.polygon([
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y },
      { x: r.x + r.width, y: r.y + r.height },
      { x: r.x, y: r.y + r.height },
    ]);
  }

  ellipse(r: PixelRect): void {
    this.ellipseOutline.setAttrs({ x: r.x + r.width / 2, y: r.y + r.height / 2, radiusX: Math.max(0.5, r.width / 2), radiusY: Math.max(0.5, r.height / 2), visible: true });
    this.layer.batchDraw();
  }

  hidePreview(): void {
    if (!this.outline.visible() && !this.ellipseOutline.visible()) return;
    this.outline.visible(false);
    this.ellipseOutline.visible(false);
    this.layer.batchDraw();
  }

  /** The brush ring at the cursor, shown while a brush or eraser is in hand and the pointer is over the canvas. */
  brushRing(at: Point | null, size: number, wanted: boolean): void {
    const show = wanted && at !== null;
    if (!show && !this.ringWanted) return;
    this.ringWanted = show;
    this.brushSize = size;
    this.ring.visible(show);
    if (show && at) this.ring.setAttrs({ x: at.x, y: at.y, radius: this.brushSize / 2 });
    this.layer.batchDraw();
  }
}
