import type { MaskBuffer } from './maskBuffer';
import { clipRect, type PixelRect } from './rect';

/** History keeps the mask in tiles of this edge: a stroke costs the tiles it touched, not the whole image. */
export const TILE = 128;

export interface MaskTile {
  readonly tx: number;
  readonly ty: number;
  /** The tile's pixels from the other side of the change; undo and redo swap them with the mask's. */
  readonly data: Uint8Array;
}

const tileRect = (m: MaskBuffer, tx: number, ty: number): PixelRect => ({
  x: tx * TILE,
  y: ty * TILE,
  width: Math.min(TILE, m.width - tx * TILE),
  height: Math.min(TILE, m.height - ty * TILE),
});

/**
 * Copies each tile the first time an edit is about to touch it, so the edit's "before" is known without a
 * copy of the whole mask.
 */
export class TileRecorder {
  private readonly saved = new Map<number, MaskTile>();
  constructor(private readonly mask: MaskBuffer) {}

  /** Call before changing pixels inside `r`. */
  touch(region: PixelRect): void {
    const m = this.mask;
    const r = clipRect(region, m.width, m.height);
    if (r.width <= 0 || r.height <= 0) return;
    const cols = Math.ceil(m.width / TILE);
    for (let ty = Math.floor(r.y / TILE); ty <= Math.floor((r.y + r.height - 1) / TILE); ty++) {
      for (let tx = Math.floor(r.x / TILE); tx <= Math.floor((r.x + r.width - 1) / TILE); tx++) {
        const key = ty * cols + tx;
        if (this.saved.has(key)) continue;
        const t = tileRect(m, tx, ty);
        const data = new Uint8Array(t.width * t.height);
        for (let y = 0; y < t.height; y++) data.set(m.data.subarray((t.y + y) * m.width + t.x, (t.y + y) * m.width + t.x + t.width), y * t.width);
        this.saved.set(key, { tx, ty, data });
      }
    }
  }

  /** The tiles whose pixels changed (untouched copies are dropped). */
  finish(): MaskTile[] {
    return [...this.saved.values()].filter((tile) => !sameAsMask(this.mask, tile));
  }
}

function sameAsMask(m: MaskBuffer, tile: MaskTile): boolean {
  const t = tileRect(m, tile.tx, tile.ty);
  for (let y = 0; y < t.height; y++) {
    const row = (t.y + y) * m.width + t.x;
    for (let x = 0; x < t.width; x++) if (m.data[row + x] !== tile.data[y * t.width + x]) return false;
  }
  return true;
}

/** Swaps the tiles with the mask's pixels; answers the rectangle that changed. */
export function swapTiles(m: MaskBuffer, tiles: readonly MaskTile[]): PixelRect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const tile of tiles) {
    const t = tileRect(m, tile.tx, tile.ty);
    for (let y = 0; y < t.height; y++) {
      const at = (t.y + y) * m.width + t.x;
      for (let x = 0; x < t.width; x++) {
        const mine = m.data[at + x]!;
        m.data[at + x] = tile.data[y * t.width + x]!;
        tile.data[y * t.width + x] = mine;
      }
    }
    x0 = Math.min(x0, t.x);
    y0 = Math.min(y0, t.y);
    x1 = Math.max(x1, t.x + t.width);
    y1 = Math.max(y1, t.y + t.height);
  }
  return tiles.length === 0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
