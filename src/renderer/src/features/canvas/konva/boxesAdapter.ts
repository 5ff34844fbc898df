import Konva from 'konva';
import type { BoundingBox, CanvasDocument } from '../../../../../shared/canvas/document';
import type { CanvasPalette } from '../../../ui/theme/tokens';

export interface BoxCallbacks {
  select(id: string | null): void;
  update(id: string, patch: Partial<BoundingBox>, label: string): void;
}

/** Bounding boxes: a rectangle and its label each; the selected one gets resize handles. */
export class BoxesAdapter {
  private readonly group = new Konva.Group();
  private readonly transformer: Konva.Transformer;
  private readonly nodes = new Map<string, { rect: Konva.Rect; text: Konva.Text }>();

  constructor(
    layer: Konva.Layer,
    private readonly callbacks: BoxCallbacks,
    private palette: CanvasPalette,
  ) {
    layer.add(this.group);
    this.transformer = new Konva.Transformer({ rotateEnabled: false, keepRatio: false, ignoreStroke: true });
    layer.add(this.transformer);
    this.paint(palette);
  }

  /** The theme's colours, on the boxes there are and those to come. */
  paint(palette: CanvasPalette): void {
    this.palette = palette;
    this.transformer.setAttrs({ borderStroke: palette.box, anchorStroke: palette.box });
    for (const { rect, text } of this.nodes.values()) {
      rect.setAttrs({ stroke: palette.box, fill: palette.boxFill });
      text.fill(palette.box);
    }
  }

  sync(document: CanvasDocument, selectedId: string | null, scale: number, shown: boolean, editable: boolean): void {
    this.group.visible(shown);
    this.transformer.visible(shown && editable);
    const seen = new Set<string>();
    for (const box of document.boxes) {
      seen.add(box.id);
      let node = this.nodes.get(box.id);
      if (!node) {
        const rect = new Konva.Rect({ name: 'bounding-box', stroke: this.palette.box, fill: this.palette.boxFill });
        const text = new Konva.Text({ fill: this.palette.box, listening: false });
        rect.on('pointerdown', (e) => {
          e.cancelBubble = true;
          this.callbacks.select(box.id);
        });
        rect.on('dragend', () => this.callbacks.update(box.id, { x: Math.round(rect.x()), y: Math.round(rect.y()) }, 'Move box'));
        rect.on('dragmove', () => text.position({ x: rect.x(), y: rect.y() - text.height() }));
        rect.on('transformend', () => {
          const width = Math.max(1, Math.round(rect.width() * rect.scaleX()));
          const height = Math.max(1, Math.round(rect.height() * rect.scaleY()));
          rect.scale({ x: 1, y: 1 });
          this.callbacks.update(box.id, { x: Math.round(rect.x()), y: Math.round(rect.y()), width, height }, 'Resize box');
        });
        this.group.add(rect, text);
        node = { rect, text };
        this.nodes.set(box.id, node);
      }
      node.rect.setAttrs({ x: box.x, y: box.y, width: box.width, height: box.height, strokeWidth: 2 / scale, draggable: editable });
      node.text.setAttrs({ text: box.label || 'box', fontSize: 13 / scale, x: box.x, y: box.y - 16 / scale });
    }
    for (const [id, node] of this.nodes) {
      if (seen.has(id)) continue;
      node.rect.destroy();
      node.text.destroy();
      this.nodes.delete(id);
    }
    const selected = selectedId ? this.nodes.get(selectedId)?.rect : undefined;
    this.transformer.nodes(selected && editable ? [selected] : []);
    this.transformer.anchorSize(9);
  }
}
