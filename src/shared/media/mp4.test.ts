import { describe, expect, it } from 'vitest';
import { MAX_BOXES, readMp4, readMp4Info, readMp4Parts } from './mp4';
import { minimalMp4, paddedMp4 } from './testing/paddedMp4';

describe('readMp4Info', () => {
  it('reads the size and length of a whole file', () => {
    expect(readMp4Info(minimalMp4())).toEqual({ width: 1280, height: 736, seconds: 5, frames: null, fps: null, codec: null });
  });

  it('refuses a truncated file, a file without moov, and other formats', () => {
    const whole = minimalMp4();
    expect(readMp4Info(whole.subarray(0, whole.length - 10))).toBeUndefined();
    expect(readMp4Info(whole.subarray(0, Math.floor(whole.length / 2)))).toBeUndefined();
    expect(readMp4Info(new TextEncoder().encode('<html>not a video</html>'))).toBeUndefined();
    expect(readMp4Info(new Uint8Array([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70]))).toBeUndefined();
  });

  it('refuses a file of a million tiny boxes as too complex, quickly and without an object per box', () => {
    const hostile = paddedMp4(1_000_000);
    const before = process.memoryUsage().heapUsed;
    expect(readMp4(hostile)).toEqual({ kind: 'too-complex' });
    // Without the bound, the walk kept one object per box: a million of them, over 100 MB of heap.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 1024 * 1024);
    expect(readMp4Info(hostile)).toBeUndefined();
  });

  it('still reads a whole file with many boxes under the bound', () => {
    expect(readMp4(paddedMp4(MAX_BOXES - 10))).toMatchObject({ kind: 'mp4', info: { width: 1280, height: 736, seconds: 5 } });
  });

  it('tells a cut-short file from a foreign one', () => {
    const whole = minimalMp4();
    expect(readMp4(whole.subarray(0, whole.length - 10)).kind).toBe('incomplete');
    expect(readMp4(new TextEncoder().encode('not a video at all, just words')).kind).toBe('not-mp4');
  });
});

describe('readMp4Parts (a file too large to hold, read by parts)', () => {
  const byParts = (b: Uint8Array) => {
    const reads: number[] = [];
    const reading = readMp4Parts(b.length, (at, length) => {
      reads.push(length);
      return b.slice(at, at + length);
    });
    return { reading, largestRead: Math.max(...reads) };
  };

  it('reads what readMp4 reads, without reading the media', () => {
    const whole = minimalMp4();
    const { reading, largestRead } = byParts(whole);
    expect(reading).toEqual(readMp4(whole));
    expect(largestRead).toBeLessThan(whole.length);
    for (const cut of [whole.subarray(0, whole.length - 10), whole.subarray(0, Math.floor(whole.length / 2))]) expect(byParts(cut).reading.kind).toBe('incomplete');
    expect(byParts(new TextEncoder().encode('<html>not a video, just a page</html>')).reading.kind).toBe('not-mp4');
    expect(byParts(paddedMp4(1_000_000)).reading.kind).toBe('too-complex');
    expect(byParts(paddedMp4(MAX_BOXES - 10)).reading).toEqual(readMp4(paddedMp4(MAX_BOXES - 10)));
  });
});
