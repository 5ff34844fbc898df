import Konva from 'konva';
import type { CanvasPalette } from '../../../ui/theme/tokens';
import type { LayerAdapter, RenderState } from './adapter';
import { anchorCentre, ANCHORS, BOX_ANCHOR_PX } from './handles';

/**
 * Bounding boxes: a rectangle and its label each; the selected one, while the box or move tool is in hand, gets
 * resize anchors. Drawn only: the box tools (tools/boxTool.ts) hit-test the same geometry (handles.ts).
 */
export class BoxesAdapter implements LayerAdapter {
  private readonly group = new Konva.Group({ listening: false });
  private readonly anchors: Konva.Rect[];
  private readonly nodes = new Map<string, { rect: Konva.Rect; text: Konva.Text }>();
  private palette: CanvasPalette | null = null;
  private last: Omit<RenderState, 'mask' | 'maskVersion' | 'maskDirty' | 'palette'> | null = null;

  constructor(private readonly layer: Konva.Layer) {
    layer.add(this.group);
    this.anchors = ANCHORS.map((a) => new Konva.Rect({ name: `anchor-${a.name}`, listening: false, visible: false }));
    layer.add(...this.anchors);
  }

  /** The theme's colours, on the boxes there are and those to come. */
  private paint(palette: CanvasPalette): void {
    this.palette = palette;
    for (const anchor of this.anchors) anchor.setAttrs({ stroke: palette.box, fill: palette.handle });
    for (const { rect, text } of this.nodes.values()) {
      rect.setAttrs({ stroke: palette.box, fill: palette.boxFill });
      text.fill(palette.box);
    }
  }

  sync(state: RenderState): void {
    const { document, use, view, tool, selectedBoxId: selectedId, palette } = state;
    const last = this.last;
    if (palette === this.palette && last && last.document === document && last.use === use && last.view.scale === view.scale && last.tool === tool && last.selectedBoxId === selectedId) return;
    this.last = state;
    const scale = view.scale;
    const shown = use.boxes && document.layers.boxes.visible;
    const editable = !document.layers.boxes.locked && (tool === 'box' || tool === 'move');
    const repaint = palette !== this.palette;
    this.group.visible(shown);
    const seen = new Set<string>();
    for (const box of document.boxes) {
      seen.add(box.id);
      let node = this.nodes.get(box.id);
      if (!node) {
        node = { rect: new Konva.Rect({ name: 'bounding-box', stroke: palette.box, fill: palette.boxFill }), text: new Konva.Text({ fill: palette.box }) };
        this.group.add(node.rect, node.text);
        this.nodes.set(box.id, node);
      }
      node.rect.setAttrs({ x: box.x, y: box.y, width: box.width, height: box.height, strokeWidth: 2 / scale });
      node.text.setAttrs({ text: box.label || 'box', fontSize: 13 / scale, x: box.x, y: box.y - 16 / scale });
    }
    for (const [id, node] of this.nodes) {
      if (seen.has(id)) continue;
      node.rect.destroy();
      node.text.destroy();
      this.nodes.delete(id);
    }
    if (repaint) this.paint(palette);
    const selected = shown && editable ? document.boxes.find((b) => b.id === selectedId) : undefined;
    const size = BOX_ANCHOR_PX / scale;
    ANCHORS.forEach((a, i) => {
      const node = this.anchors[i]!;
      node.visible(selected !== undefined);
      if (!selected) return;
      const c = anchorCentre(selected, a);
      node.setAttrs({ x: c.x - size / 2, y: c.y - size / 2, width: size, height: size, strokeWidth: 1 / scale });
    });
    this.layer.batchDraw();
  }
}
