import Konva from 'konva';
import type { ImageRef } from '../../../../../shared/canvas/document';
import { loadImage } from '../pixels';
import { saying, type Saying } from '../../../ui/i18n/saying';
import type { LayerAdapter, RenderState } from './adapter';

/** The base picture; loads its stored file when the document names a new one. */
export class BaseAdapter implements LayerAdapter {
  readonly node: Konva.Image;
  private url: string | null = null;
  private shown: { base: ImageRef | null; visible: boolean } | null = null;
  element: HTMLImageElement | null = null;

  constructor(
    private readonly layer: Konva.Layer,
    private readonly urlOf: (assetId: string) => Promise<string | null>,
    private readonly onError: (message: Saying) => void,
  ) {
    this.node = new Konva.Image({ image: undefined, listening: false, perfectDrawEnabled: false });
    layer.add(this.node);
  }

  sync({ document }: RenderState): void {
    const base = document.base;
    const visible = document.layers.base.visible;
    if (this.shown && this.shown.base === base && this.shown.visible === visible) return;
    this.shown = { base, visible };
    this.node.visible(base !== null && visible);
    this.layer.batchDraw();
    if (base) void this.load(base);
  }

  private async load(base: ImageRef): Promise<void> {
    this.node.size({ width: base.width, height: base.height });
    const url = await this.urlOf(base.assetId);
    if (!url || url === this.url) return;
    this.url = url;
    try {
      this.element = await loadImage(url);
      this.node.image(this.element);
      this.layer.batchDraw();
      // Which stored picture the canvas draws, for the specs and benchmarks that wait for it on screen.
      const container = this.layer.getStage()?.container();
      if (container) container.dataset.picture = base.assetId;
    } catch {
      this.onError(saying('canvas.picture.notShown', { name: base.name }));
    }
  }
}
