import Konva from 'konva';
import type { MaskBuffer } from '../mask/maskBuffer';
import { clipRect, EMPTY_RECT, isEmpty } from '../mask/rect';
import type { LayerAdapter, RenderState } from './adapter';

const rgbOf = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/**
 * Shows the mask as a coloured overlay: one offscreen canvas at the image's size behind one Konva.Image.
 * Only the changed region is rewritten, so a brush dab costs its own pixels, not the image's.
 */
export class MaskAdapter implements LayerAdapter {
  readonly node: Konva.Image;
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private color = '';
  private drawn: { mask: MaskBuffer | null; version: number; opacity: number; visible: boolean } | null = null;

  constructor(private readonly layer: Konva.Layer) {
    this.node = new Konva.Image({ image: undefined, listening: false, perfectDrawEnabled: false });
    layer.add(this.node);
  }

  sync({ mask, maskVersion, maskDirty, document: doc, use }: RenderState): void {
    const { color, opacity } = doc.mask;
    // The overlay shows only where the model takes a mask; the painted mask itself stays for when one does.
    const visible = doc.layers.mask.visible && (use.maskField !== null || use.alphaMask);
    const last = this.drawn;
    if (last && last.mask === mask && last.version === maskVersion && last.opacity === opacity && last.visible === visible && color === this.color) return;
    this.drawn = { mask, version: maskVersion, opacity, visible };
    this.node.visible(visible && mask !== null);
    this.node.opacity(opacity);
    this.layer.batchDraw();
    if (!mask) return;
    // The same buffer one version on: only the region that changed is drawn again.
    const full = { x: 0, y: 0, width: mask.width, height: mask.height };
    let region = last && last.mask === mask && last.version !== maskVersion ? maskDirty : last && last.mask === mask ? EMPTY_RECT : full;
    if (!this.canvas || this.canvas.width !== mask.width || this.canvas.height !== mask.height || color !== this.color) {
      this.canvas = document.createElement('canvas');
      this.canvas.width = mask.width;
      this.canvas.height = mask.height;
      this.ctx = this.canvas.getContext('2d');
      this.node.image(this.canvas);
      this.node.size({ width: mask.width, height: mask.height });
      this.color = color;
      region = { x: 0, y: 0, width: mask.width, height: mask.height };
    }
    const r = clipRect(region, mask.width, mask.height);
    if (isEmpty(r) || !this.ctx) return;
    const image = this.ctx.createImageData(r.width, r.height);
    const out = new Uint32Array(image.data.buffer);
    const [cr, cg, cb] = rgbOf(color);
    const rgb = (cb << 16) | (cg << 8) | cr;
    for (let y = 0; y < r.height; y++) {
      const row = (r.y + y) * mask.width + r.x;
      for (let x = 0; x < r.width; x++) {
        const v = mask.data[row + x]!;
        out[y * r.width + x] = v === 0 ? 0 : ((v << 24) | rgb) >>> 0;
      }
    }
    this.ctx.putImageData(image, r.x, r.y);
  }

}
