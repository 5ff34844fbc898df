import Konva from 'konva';
import type { CanvasDocument } from '../../../../../shared/canvas/document';
import type { CanvasUse } from '../../../../../shared/canvas/request';
import type { CanvasPalette } from '../../../ui/theme/tokens';
import type { LayerAdapter, RenderState } from './adapter';
import { FRAME_HANDLE_PX, frameHandleCentres, frameHandlesShown, SIDES, type Side } from './handles';
import { frameBounds } from './viewport';

/**
 * The area a frame adds around the picture, hatched so it reads as new, and a handle on every side. Drawn only:
 * the frame tool (tools/frameTool.ts) finds the handles from the same geometry (handles.ts) and drags them.
 */
export class FrameAdapter implements LayerAdapter {
  private readonly newArea: Konva.Rect;
  private readonly outline: Konva.Rect;
  private readonly handles = new Map<Side, Konva.Rect>();
  private scale = 1;

  constructor(
    private readonly pictureLayer: Konva.Layer,
    private readonly toolsLayer: Konva.Layer,
  ) {
    this.newArea = new Konva.Rect({ listening: false, fillPatternRepeat: 'repeat' });
    this.outline = new Konva.Rect({ listening: false, dash: [8, 6] });
    pictureLayer.add(this.newArea);
    this.newArea.moveToBottom();
    toolsLayer.add(this.outline);
    for (const side of SIDES) {
      const handle = new Konva.Rect({ name: `handle-${side}`, listening: false });
      toolsLayer.add(handle);
      this.handles.set(side, handle);
    }
  }

  /** The theme's colours: the hatching of the new area, the outline and the handles. */
  private paint(palette: CanvasPalette): void {
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
  private palette: CanvasPalette | null = null;

  sync({ document, use, view, palette }: RenderState): void {
    if (palette !== this.palette) {
      this.palette = palette;
      this.paint(palette);
    } else if (document === this.document && use === this.use && view.scale === this.scale) return;
    const scale = view.scale;
    this.document = document;
    this.use = use;
    this.scale = scale;
    const base = document.base;
    const shown = base !== null && document.layers.expansion.visible && (use.expandSides.length > 0 || (use.outpaint && document.outpaint !== null));
    this.newArea.visible(shown);
    this.outline.visible(shown);
    const handlesShown = shown && frameHandlesShown(document, use);
    for (const h of this.handles.values()) h.visible(handlesShown);
    this.pictureLayer.batchDraw();
    this.toolsLayer.batchDraw();
    const frame = frameBounds(document, use);
    if (!shown || !frame) return;
    this.newArea.setAttrs(frame);
    this.newArea.fillPatternScale({ x: 1 / scale, y: 1 / scale });
    this.outline.setAttrs({ ...frame, strokeWidth: 2 / scale });
    const size = FRAME_HANDLE_PX / scale;
    const at = frameHandleCentres(document, use)!;
    for (const side of SIDES) {
      const p = at[side];
      this.handles.get(side)!.setAttrs({ x: p.x - size / 2, y: p.y - size / 2, width: size, height: size, strokeWidth: 1.5 / scale });
    }
  }
}
