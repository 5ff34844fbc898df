import type { BandPixels } from './layerPixels';
import type { PsdPlane } from './psdPlane';

/**
 * A raw (uncompressed) PSD channel read straight out of the decoded picture's interleaved bytes, a slice at a time
 * into one small buffer as the writer comes to it. Extracting each channel through sharp instead made a new 16 MB
 * buffer per 4096² channel, which the kernel had to fault in and the garbage collector and `free` to give back
 * (on the benchmark about half of that step's processor time was the kernel's); this reads 3 or 4 bytes a pixel
 * and writes one, four pixels a step in 32-bit words, about 1 ms a slice on the event loop.
 */

/** Pixels of one channel per slice: 1 MB, a few rows of a large picture, a millisecond or so of the event loop. */
const SLICE = 1 << 20;

/** The word path reads bytes as little-endian words; a big-endian machine takes the byte-by-byte one. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The channel `band` of pixels `from` … `from + count` into `out` (four pixels a step where the words line up). */
export function channelSlice(p: BandPixels, band: number, from: number, count: number, out: Uint8Array): void {
  const { data, bands } = p;
  let i = 0;
  // whole words: the source and the output start on 4-byte boundaries and `from` is a multiple of 4 pixels
  if (LITTLE_ENDIAN && data.byteOffset % 4 === 0 && out.byteOffset % 4 === 0 && from % 4 === 0 && (bands === 3 || bands === 4)) {
    const words = count >> 2;
    const src = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
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
