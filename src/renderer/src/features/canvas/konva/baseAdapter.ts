import Konva from 'konva';
import type { CanvasDocument } from '../../../../../shared/canvas/document';
import { loadImage } from '../pixels';

/** The base picture; loads its stored file when the document names a new one. */
export class BaseAdapter {
  readonly node: Konva.Image;
  private url: string | null = null;
  element: HTMLImageElement | null = null;

  constructor(
    private readonly layer: Konva.Layer,
    private readonly urlOf: (assetId: string) => Promise<string | null>,
    private readonly onError: (message: string) => void,
  ) {
    this.node = new Konva.Image({ image: undefined, listening: false, perfectDrawEnabled: false });
    layer.add(this.node);
  }

  async sync(document: CanvasDocument): Promise<void> {
    const base = document.base;
    this.node.visible(base !== null && document.layers.base.visible);
    if (!base) return;
    this.node.size({ width: base.width, height: base.height });
    const url = await this.urlOf(base.assetId);
    if (!url || url === this.url) return;
    this.url = url;
    try {
      this.element = await loadImage(url);
      this.node.image(this.element);
      this.layer.batchDraw();
    } catch {
      this.onError(`The picture ${base.name} could not be shown: its stored file is missing or unreadable.`);
    }
  }
}
