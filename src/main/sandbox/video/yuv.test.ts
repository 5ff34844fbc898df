import { describe, expect, it } from 'vitest';
import { createPlanes, fillRect, macroblockColour, readMacroblock, writeMacroblock } from './yuv';

describe('a macroblock of the Sandbox’s own H.264 writer', () => {
  it('reads and writes its 384 samples in I_PCM’s order, the second block of a row included', () => {
    const p = createPlanes(32, 32);
    const samples = Uint8Array.from({ length: 384 }, (_, i) => i % 251);
    writeMacroblock(p, 1, samples);
    const back = new Uint8Array(384);
    readMacroblock(p, 1, back);
    expect(back).toEqual(samples);
    expect(p.y[16]).toBe(0); // the block's first luma sample sits 16 columns in
    expect(p.cb[8]).toBe(256 % 251); // and its first Cb sample 8 columns into the half-size plane
  });

  it('tells a block of one colour, and not a block with one sample off in any plane', () => {
    const p = createPlanes(32, 16);
    fillRect(p, { x: 0, y: 0, width: 32, height: 16 }, { y: 80, cb: 90, cr: 100 });
    expect(macroblockColour(p, 1)).toEqual({ y: 80, cb: 90, cr: 100 });
    for (const plane of ['y', 'cb', 'cr'] as const) {
      const q = { ...p, y: p.y.slice(), cb: p.cb.slice(), cr: p.cr.slice() };
      const last = plane === 'y' ? 15 * 32 + 31 : 7 * 16 + 15;
      q[plane][last] = 1;
      expect(macroblockColour(q, 1), plane).toBeUndefined();
      expect(macroblockColour(q, 0), plane).toEqual({ y: 80, cb: 90, cr: 100 });
    }
  });
});
