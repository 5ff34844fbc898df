import { describe, expect, it } from 'vitest';
import { clearAll, createMask, feather, fillEllipse, fillPolygon, fillRectangle, growShrink, invert, maskFromAlpha, strokeSegment } from './maskBuffer';
import { swapTiles, TileRecorder, TILE } from './tiles';

const count = (data: Uint8Array, v = 255) => data.reduce((n, x) => n + (x === v ? 1 : 0), 0);

describe('mask operations', () => {
  it('a rectangle sets exactly its pixels, and erase clears them', () => {
    const m = createMask(50, 40);
    expect(fillRectangle(m, { x: 10, y: 5, width: 20, height: 10 }, 'paint')).toEqual({ x: 10, y: 5, width: 20, height: 10 });
    expect(count(m.data)).toBe(200);
    expect(m.data[5 * 50 + 10]).toBe(255);
    expect(m.data[5 * 50 + 30]).toBe(0);
    fillRectangle(m, { x: 10, y: 5, width: 10, height: 10 }, 'erase');
    expect(count(m.data)).toBe(100);
  });

  it('a hard brush segment paints the pixels whose centres are within the radius of the segment', () => {
    const m = createMask(64, 64);
    strokeSegment(m, { x: 10, y: 32 }, { x: 50, y: 32 }, { size: 10, hardness: 1 }, 'paint');
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const t = Math.max(0, Math.min(1, (px - 10) / 40));
        const d = Math.hypot(px - (10 + 40 * t), py - 32);
        expect(m.data[y * 64 + x], `${x},${y}`).toBe(d <= 5 ? 255 : 0);
      }
    }
  });

  it('a soft brush fades toward its edge; the eraser removes', () => {
    const m = createMask(64, 64);
    strokeSegment(m, { x: 32, y: 32 }, { x: 32, y: 32 }, { size: 40, hardness: 0.5 }, 'paint');
    expect(m.data[32 * 64 + 32]).toBe(255);
    const edge = m.data[32 * 64 + 32 + 17]!;
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(255);
    strokeSegment(m, { x: 32, y: 32 }, { x: 32, y: 32 }, { size: 10, hardness: 1 }, 'erase');
    expect(m.data[32 * 64 + 32]).toBe(0);
  });

  it('ellipse, lasso, invert, clear', () => {
    const m = createMask(100, 100);
    fillEllipse(m, { x: 0, y: 0, width: 100, height: 100 }, 'paint');
    expect(Math.abs(count(m.data) - Math.PI * 2500)).toBeLessThan(100);
    clearAll(m);
    fillPolygon(m, [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 0, y: 100 }], 'paint');
    expect(Math.abs(count(m.data) - 5000)).toBeLessThan(101);
    invert(m);
    expect(Math.abs(count(m.data) - 5000)).toBeLessThan(101);
  });

  it('grows and shrinks by true distance, and feathering softens the edge only', () => {
    const m = createMask(100, 100);
    fillRectangle(m, { x: 40, y: 40, width: 20, height: 20 }, 'paint');
    growShrink(m, 5);
    expect(m.data[50 * 100 + 35]).toBe(255);
    expect(m.data[50 * 100 + 34]).toBe(0);
    // The corner rounds: (35, 35) is 5*sqrt(2) from the square.
    expect(m.data[35 * 100 + 35]).toBe(0);
    growShrink(m, -5);
    expect(count(m.data)).toBe(400);
    feather(m, 6);
    expect(m.data[50 * 100 + 50]).toBe(255);
    expect(m.data[50 * 100 + 40]).toBeGreaterThan(64);
    expect(m.data[50 * 100 + 40]).toBeLessThan(192);
    expect(m.data[0]).toBe(0);
  });

  it('takes the mask from alpha: transparent means change', () => {
    const m = createMask(2, 1);
    maskFromAlpha(m, new Uint8Array([9, 9, 9, 0, 9, 9, 9, 255]));
    expect([...m.data]).toEqual([255, 0]);
  });
});

describe('tile history', () => {
  it('keeps only the tiles a stroke touched, and swapping restores and reapplies them', () => {
    const m = createMask(1000, 1000);
    const rec = new TileRecorder(m);
    const r = { x: 10, y: 10, width: 30, height: 30 };
    rec.touch(r);
    fillRectangle(m, r, 'paint');
    const tiles = rec.finish();
    expect(tiles).toHaveLength(1);
    expect(tiles[0]!.data.length).toBe(TILE * TILE);
    swapTiles(m, tiles);
    expect(count(m.data)).toBe(0);
    swapTiles(m, tiles);
    expect(count(m.data)).toBe(900);
  });
});
