import type { BandPixels } from './layerPixels';
import type { PsdPlane } from './psdPlane';

/**
 * A raw (uncompressed) PSD channel read straight out of the decoded picture's interleaved bytes, a slice at a time
 * into one small buffer as the writer comes to it. Extracting each channel through sharp instead made a new 16 MB
 * buffer per 4096² channel, which the kernel had to fault in and the garbage collector and `free` to give back
 * (on the benchmark about half of that step's processor time was the kernel's); this reads 3 or 4 bytes a pixel
 * and writes one, four pixels a step in 32-bit words, about 1 ms a slice on the event loop. A layer's three colour
 * channels are read out together, in one pass over its pixels (`colourPlanes`), into memory kept for the whole
 * file: reading the pixels once instead of three times takes about half the time (30 against 43 ms a 4096²
 * picture on a quiet machine, 55 against 120 ms at load 9, where the memory bus is shared).
 */

const words32 = (d: Uint8Array) => new Uint32Array(d.buffer, d.byteOffset, d.length >> 2);

/** Pixels of one channel per slice: 1 MB, a few rows of a large picture, a millisecond or so of the event loop. */
const SLICE = 1 << 20;

/** The word path reads bytes as little-endian words; a big-endian machine takes the byte-by-byte one. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const wordsFit = (p: BandPixels, from: number, outs: readonly Uint8Array[]) =>
  LITTLE_ENDIAN && p.data.byteOffset % 4 === 0 && from % 4 === 0 && outs.every((o) => o.byteOffset % 4 === 0);

/** The channel `band` of pixels `from` … `from + count` into `out` (four pixels a step where the words line up). */
export function channelSlice(p: BandPixels, band: number, from: number, count: number, out: Uint8Array): void {
  const { data, bands } = p;
  let i = 0;
  // whole words: the source and the output start on 4-byte boundaries and `from` is a multiple of 4 pixels
  if (wordsFit(p, from, [out])) {
    const words = count >> 2;
    const src = words32(data);
    const dst = new Uint32Array(out.buffer, out.byteOffset, words);
    const shift = band * 8;
    let w = (from * bands) >> 2;
    if (bands === 4)
      for (let k = 0; k < words; k++, w += 4)
        dst[k] = ((src[w]! >>> shift) & 255) | (((src[w + 1]! >>> shift) & 255) << 8) | (((src[w + 2]! >>> shift) & 255) << 16) | (((src[w + 3]! >>> shift) & 255) << 24);
    else
      // four pixels are three words, r0 g0 b0 r1 | g1 b1 r2 g2 | b2 r3 g3 b3 (little-endian words: first byte lowest)
      for (let k = 0; k < words; k++, w += 3) {
        const a = src[w]!;
        const b = src[w + 1]!;
        const c = src[w + 2]!;
        dst[k] =
          band === 0
            ? (a & 255) | ((a >>> 24) << 8) | (((b >>> 16) & 255) << 16) | (((c >>> 8) & 255) << 24)
            : band === 1
              ? ((a >>> 8) & 255) | ((b & 255) << 8) | ((b >>> 24) << 16) | (((c >>> 16) & 255) << 24)
              : ((a >>> 16) & 255) | (((b >>> 8) & 255) << 8) | ((c & 255) << 16) | ((c >>> 24) << 24);
      }
    i = words << 2;
  }
  for (let o = (from + i) * bands + band; i < count; i++, o += bands) out[i] = data[o]!;
}

/**
 * Channel `band` of `p` as a raw plane. Its data can be written more than once (an opaque top layer's colour
 * channels are also the merged image); each slice handed out is only valid until the next is asked for, which the
 * writers keep to by awaiting each write (chunkWriter.ts).
 */
export function rawPlane(p: BandPixels, band: number): PsdPlane {
  const pixels = p.width * p.height;
  const data = {
    *[Symbol.iterator]() {
      const out = new Uint8Array(Math.min(SLICE, pixels));
      for (let from = 0; from < pixels; from += SLICE) {
        const count = Math.min(SLICE, pixels - from);
        channelSlice(p, band, from, count, out);
        yield out.subarray(0, count);
      }
    },
  };
  return { compression: 0, counts: new Uint8Array(0), data, length: pixels };
}

/** Red, green and blue of pixels `from` … `from + count` into `outs`, in one pass over them where the words line up. */
export function colourSlices(p: BandPixels, from: number, count: number, outs: readonly [Uint8Array, Uint8Array, Uint8Array]): void {
  if (!wordsFit(p, from, outs)) {
    for (const band of [0, 1, 2]) channelSlice(p, band, from, count, outs[band]!);
    return;
  }
  const words = count >> 2;
  const src = words32(p.data);
  const [r, g, b] = outs.map((o) => new Uint32Array(o.buffer, o.byteOffset, words)) as [Uint32Array, Uint32Array, Uint32Array];
  let w = (from * p.bands) >> 2;
  if (p.bands === 4)
    for (let k = 0; k < words; k++, w += 4) {
      const a = src[w]!;
      const b1 = src[w + 1]!;
      const c = src[w + 2]!;
      const d = src[w + 3]!;
      r[k] = (a & 255) | ((b1 & 255) << 8) | ((c & 255) << 16) | ((d & 255) << 24);
      g[k] = ((a >>> 8) & 255) | (b1 & 0xff00) | (((c >>> 8) & 255) << 16) | (((d >>> 8) & 255) << 24);
      b[k] = ((a >>> 16) & 255) | (((b1 >>> 16) & 255) << 8) | (c & 0xff0000) | (((d >>> 16) & 255) << 24);
    }
  else
    for (let k = 0; k < words; k++, w += 3) {
      const a = src[w]!;
      const b1 = src[w + 1]!;
      const c = src[w + 2]!;
      r[k] = (a & 255) | ((a >>> 24) << 8) | (((b1 >>> 16) & 255) << 16) | (((c >>> 8) & 255) << 24);
      g[k] = ((a >>> 8) & 255) | ((b1 & 255) << 8) | ((b1 >>> 24) << 16) | (((c >>> 16) & 255) << 24);
      b[k] = ((a >>> 16) & 255) | (((b1 >>> 8) & 255) << 8) | ((c & 255) << 16) | ((c >>> 24) << 24);
    }
  const done = words << 2;
  for (const band of [0, 1, 2]) channelSlice(p, band, from + done, count - done, outs[band]!.subarray(done));
}

/**
 * Memory for one picture's colour channels, one after another, kept across a file's layers (the kernel faults it
 * in once, not once a layer) and filled a slice at a time, as far as has been asked for, from whichever picture
 * asks: the layers are written one at a time, and a picture asked for again (the top layer's channels are also
 * the merged image) is read out again.
 */
export class ColourScratch {
  private memory = new Uint8Array(0);
  private owner: BandPixels | null = null;
  private filled = 0;

  /** Channel `band` (0 red, 1 green, 2 blue) of `p`, pixels `from` … `from + count`. */
  slice(p: BandPixels, band: number, from: number, count: number): Uint8Array {
    const pixels = p.width * p.height;
    // each channel starts on a 4-byte boundary, for the word path
    const stride = (pixels + 3) & ~3;
    if (this.owner !== p) {
      if (this.memory.length < 3 * stride) this.memory = new Uint8Array(3 * stride);
      this.owner = p;
      this.filled = 0;
    }
    const channel = (c: number, at: number, n: number) => this.memory.subarray(c * stride + at, c * stride + at + n);
    while (this.filled < from + count) {
      const n = Math.min(SLICE, pixels - this.filled);
      colourSlices(p, this.filled, n, [channel(0, this.filled, n), channel(1, this.filled, n), channel(2, this.filled, n)]);
      this.filled += n;
    }
    return channel(band, from, count);
  }
}

/** Red, green and blue of `p` as raw planes, read out together into `scratch` as the first of them is written. */
export function colourPlanes(p: BandPixels, scratch: ColourScratch): PsdPlane[] {
  const pixels = p.width * p.height;
  return [0, 1, 2].map((band) => ({
    compression: 0,
    counts: new Uint8Array(0),
    length: pixels,
    data: {
      *[Symbol.iterator]() {
        for (let from = 0; from < pixels; from += SLICE) yield scratch.slice(p, band, from, Math.min(SLICE, pixels - from));
      },
    },
  }));
}
