import Konva from 'konva';
import type { MaskBuffer, Paint } from '../mask/maskBuffer';
import { clipRect, EMPTY_RECT, isEmpty, type PixelRect } from '../mask/rect';
import type { StrokeBuffer } from '../mask/strokeBuffer';
import type { LayerAdapter, RenderState } from './adapter';
import type { StrokePreview } from './tools/types';

const rgbOf = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/**
 * Shows the mask as a coloured overlay: one offscreen canvas at the image's size behind one Konva.Image.
 * Only the changed region is rewritten, so a brush dab costs its own pixels, not the image's. A brush stroke in
 * progress is drawn from its own buffer over the mask (StrokePreview) until it is committed.
 */
export class MaskAdapter implements LayerAdapter, StrokePreview {
  readonly node: Konva.Image;
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private color = '';
  private drawn: { mask: MaskBuffer | null; version: number; opacity: number; visible: boolean } | null = null;
  private stroke: { buffer: StrokeBuffer; mode: Paint; committing: boolean } | null = null;

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
    const committed = this.stroke?.committing === true && region === maskDirty;
    if (this.stroke?.committing) this.stroke = null;
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
    // The stroke just committed is on screen already, drawn from its buffer as the mask now holds it.
    if (committed && region === maskDirty) return;
    this.draw(mask, region);
  }

  showStroke(buffer: StrokeBuffer, mode: Paint, region: PixelRect): void {
    this.stroke = { buffer, mode, committing: false };
    const mask = this.drawn?.mask;
    if (!mask || !buffer.fits(mask)) return;
    this.draw(mask, region);
    this.layer.batchDraw();
  }

  commitStroke(): void {
    if (this.stroke) this.stroke.committing = true;
  }

  endStroke(): void {
    const stroke = this.stroke;
    this.stroke = null;
    const mask = this.drawn?.mask;
    if (!stroke || !mask || !stroke.buffer.fits(mask)) return;
    this.draw(mask, stroke.buffer.region);
    this.layer.batchDraw();
  }

  /** Rewrites `region` of the overlay from the mask (with the stroke in progress, if any). */
  private draw(mask: MaskBuffer, region: PixelRect): void {
    const r = clipRect(region, mask.width, mask.height);
    if (isEmpty(r) || !this.ctx) return;
    const image = this.ctx.createImageData(r.width, r.height);
    const out = new Uint32Array(image.data.buffer);
    const [cr, cg, cb] = rgbOf(this.color);
    const rgb = (cb << 16) | (cg << 8) | cr;
    const stroke = this.stroke && this.stroke.buffer.fits(mask) ? this.stroke : null;
    // The stroke's coverage combined inline (as StrokeBuffer.valueAt does): this loop runs for every pixel a
    // pointer move touches.
    const coverage = stroke?.buffer.coverage.data;
    const paint = stroke?.mode !== 'erase';
    for (let y = 0; y < r.height; y++) {
      const row = (r.y + y) * mask.width + r.x;
      for (let x = 0; x < r.width; x++) {
        const m = mask.data[row + x]!;
        const c = coverage ? coverage[row + x]! : 0;
        const v = c === 0 ? m : paint ? (m > c ? m : c) : m < 255 - c ? m : 255 - c;
        out[y * r.width + x] = v === 0 ? 0 : ((v << 24) | rgb) >>> 0;
      }
    }
    this.ctx.putImageData(image, r.x, r.y);
  }
}
