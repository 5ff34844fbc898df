import { strokeSegment, type BrushSettings, type MaskBuffer, type Paint, type Point } from './maskBuffer';
import { clipRect, EMPTY_RECT, isEmpty, unionRect, type PixelRect } from './rect';
import { TILE } from './tiles';

/**
 * A brush stroke in progress, kept apart from the mask: how strongly the stroke covers each pixel so far (the
 * strongest of its segments). The mask is untouched until the stroke is committed once, on pointer-up, as one
 * edit; the screen shows the mask as it will be by reading both (`valueAt`).
 *
 * Committing the buffered coverage gives exactly the pixels painting each segment into the mask would have:
 * paint keeps the larger of mask and coverage, erase the smaller of mask and its complement, and both commute
 * with taking the strongest coverage first.
 */
export class StrokeBuffer {
  readonly coverage: MaskBuffer;
  /** Tiles (by index, row-major in TILE-pixel tiles) the stroke has reached: the commit touches only these. */
  private readonly tiles = new Set<number>();
  private bounds: PixelRect = EMPTY_RECT;
  private readonly cols: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.coverage = { width, height, data: new Uint8Array(width * height) };
    this.cols = Math.ceil(width / TILE);
  }

  fits(mask: MaskBuffer): boolean {
    return mask.width === this.width && mask.height === this.height;
  }

  /** The region the stroke covers so far. */
  get region(): PixelRect {
    return this.bounds;
  }

  /** Adds one segment (a capsule from a to b); answers the region it changed. */
  segment(a: Point, b: Point, brush: BrushSettings): PixelRect {
    const changed = strokeSegment(this.coverage, a, b, brush, 'paint');
    if (isEmpty(changed)) return EMPTY_RECT;
    for (let ty = Math.floor(changed.y / TILE); ty <= Math.floor((changed.y + changed.height - 1) / TILE); ty++) {
      for (let tx = Math.floor(changed.x / TILE); tx <= Math.floor((changed.x + changed.width - 1) / TILE); tx++) this.tiles.add(ty * this.cols + tx);
    }
    this.bounds = unionRect(this.bounds, changed);
    return changed;
  }

  /** The mask value at pixel i once the stroke is committed. */
  valueAt(mask: Uint8Array, i: number, mode: Paint): number {
    const v = this.coverage.data[i]!;
    const m = mask[i]!;
    if (v === 0) return m;
    return mode === 'paint' ? Math.max(m, v) : Math.min(m, 255 - v);
  }

  /**
   * Writes the stroke into the mask (calling `touch` before each tile it changes, for history); answers the
   * region changed. The buffer is left as it was: `clear` it for the next stroke.
   */
  commit(mask: MaskBuffer, mode: Paint, touch: (r: PixelRect) => void): PixelRect {
    if (!this.fits(mask)) return EMPTY_RECT;
    for (const key of this.tiles) {
      const t = this.tileRect(key);
      touch(t);
      for (let y = t.y; y < t.y + t.height; y++) {
        for (let i = y * this.width + t.x, end = i + t.width; i < end; i++) mask.data[i] = this.valueAt(mask.data, i, mode);
      }
    }
    return this.bounds;
  }

  private tileRect(key: number): PixelRect {
    return clipRect({ x: (key % this.cols) * TILE, y: Math.floor(key / this.cols) * TILE, width: TILE, height: TILE }, this.width, this.height);
  }

  /** Empties the buffer for the next stroke, clearing only the tiles this one reached. */
  clear(): void {
    for (const key of this.tiles) {
      const t = this.tileRect(key);
      for (let y = t.y; y < t.y + t.height; y++) this.coverage.data.fill(0, y * this.width + t.x, y * this.width + t.x + t.width);
    }
    this.tiles.clear();
    this.bounds = EMPTY_RECT;
  }
}
