/**
 * A zlib stream of a mask's PNG image data, written by hand for speed. Why not a library: a mask is a few long
 * runs of one value (0 outside, 255 inside, a soft rim between), and a general deflate spends its time hashing
 * every byte of those runs looking for matches. zlib has a strategy for exactly this (Z_RLE, which libpng uses for
 * image data) but the browser's CompressionStream offers no strategy or level, and fflate, in JavaScript, took
 * over a second on a 4096 x 4096 mask. Here, as Z_RLE does, the only matches are repeats of the byte before
 * (distance 1), coded with deflate's fixed Huffman table in one block; runs are found four bytes at a time, and
 * the Adler-32 of a run is computed in one step, so a mostly empty 16-megapixel mask costs a few milliseconds.
 * The output is an ordinary zlib stream (RFC 1950/1951): every PNG reader decodes it.
 */

/** Bits reversed, as deflate sends Huffman codes most significant bit first into a least-significant-first stream. */
function reverse(code: number, length: number): number {
  let out = 0;
  for (let i = 0; i < length; i++) out |= ((code >> i) & 1) << (length - 1 - i);
  return out;
}

/** Fixed-table code of each literal byte: its bits (ready to write) and their count. */
const LITERAL_BITS = new Uint32Array(256);
const LITERAL_LENGTH = new Uint8Array(256);
for (let v = 0; v < 256; v++) {
  const [code, length] = v < 144 ? [0x30 + v, 8] : [0x190 + v - 144, 9];
  LITERAL_BITS[v] = reverse(code, length);
  LITERAL_LENGTH[v] = length;
}

/** Deflate's length symbols 257..285: the first length each covers and its extra bits (RFC 1951, 3.2.5). */
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];

/** A whole match of each length 3..258 at distance 1: length code, its extra bits, distance code 0 (five zero bits). */
const MATCH_BITS = new Uint32Array(259);
const MATCH_LENGTH = new Uint8Array(259);
for (let length = 3; length <= 258; length++) {
  let k = LENGTH_BASE.length - 1;
  while (LENGTH_BASE[k]! > length) k--;
  const symbol = 257 + k;
  const [code, codeLength] = symbol < 280 ? [symbol - 256, 7] : [0xc0 + symbol - 280, 8];
  const extra = LENGTH_EXTRA[k]!;
  MATCH_BITS[length] = reverse(code, codeLength) | ((length - LENGTH_BASE[k]!) << codeLength);
  MATCH_LENGTH[length] = codeLength + extra + 5;
}

const ADLER = 65521;

/** Writes bits least significant first into a buffer that grows as needed. */
class BitWriter {
  private out: Uint8Array;
  private at = 0;
  private bits = 0;
  private count = 0;

  constructor(capacity: number) {
    this.out = new Uint8Array(Math.max(1024, capacity));
  }

  write(bits: number, count: number): void {
    this.bits |= bits << this.count;
    this.count += count;
    if (this.at + 4 > this.out.length) this.grow();
    while (this.count >= 8) {
      this.out[this.at++] = this.bits & 0xff;
      this.bits >>>= 8;
      this.count -= 8;
    }
  }

  byte(value: number): void {
    if (this.at + 1 > this.out.length) this.grow();
    this.out[this.at++] = value;
  }

  /** Pads the last byte with zero bits. */
  align(): void {
    if (this.count > 0) this.write(0, 8 - this.count);
  }

  bytes(): Uint8Array {
    return this.out.subarray(0, this.at);
  }

  private grow(): void {
    const bigger = new Uint8Array(this.out.length * 2);
    bigger.set(this.out);
    this.out = bigger;
  }
}

/**
 * The zlib stream of PNG image data for a one-byte-a-pixel image: each row led by filter type 0 (none), its bytes
 * as they are. The same bytes as any deflate would describe, in about a tenth of the time for a mask.
 */
export function deflateRows(width: number, height: number, grey: Uint8Array): Uint8Array {
  // Long (over 80 lines) on purpose: the run search, the Huffman writer and the Adler-32 share one loop's locals, and
  // a call per run or per byte is what made a general deflate slow (see the header).
  const out = new BitWriter((width + 1) * height >> 4);
  out.byte(0x78); // deflate, 32 KiB window
  out.byte(0x01); // fastest; (0x78 << 8 | 0x01) is a multiple of 31, as the header check needs
  out.write(0b011, 3); // the last block, fixed Huffman codes

  // Aligned words let a run be checked four bytes at a time.
  const words = grey.byteOffset % 4 === 0 ? new Uint32Array(grey.buffer, grey.byteOffset, grey.length >> 2) : null;
  let a = 1;
  let b = 0;
  /** Literals added to a and b since they were last reduced (reduced before they could lose precision). */
  let unreduced = 0;
  let previous = -1;
  let run = 0;

  const literal = (v: number) => {
    out.write(LITERAL_BITS[v]!, LITERAL_LENGTH[v]!);
    a += v;
    b += a;
    if (++unreduced === 5552) {
      a %= ADLER;
      b %= ADLER;
      unreduced = 0;
    }
  };
  /** Writes the run of `previous` counted so far as matches (and up to two literals), and adds it to the checksum. */
  const flush = () => {
    if (run === 0) return;
    a %= ADLER;
    b %= ADLER;
    unreduced = 0;
    // Adler-32 of n equal bytes v: a grows by n·v, b by n·a + v·n(n+1)/2; in pieces so every product stays exact.
    for (let left = run; left > 0; ) {
      const n = Math.min(left, 65536);
      b = (b + n * a + ((previous * ((n * (n + 1)) / 2)) % ADLER)) % ADLER;
      a = (a + n * previous) % ADLER;
      left -= n;
    }
    while (run >= 3) {
      const n = run > 258 ? 258 : run;
      out.write(MATCH_BITS[n]!, MATCH_LENGTH[n]!);
      run -= n;
    }
    // One or two bytes left over: as literals, without counting them in the checksum twice.
    for (; run > 0; run--) out.write(LITERAL_BITS[previous]!, LITERAL_LENGTH[previous]!);
  };

  for (let y = 0; y < height; y++) {
    // The row's filter byte, 0.
    if (previous === 0) run++;
    else {
      flush();
      literal(0);
      previous = 0;
    }
    const end = (y + 1) * width;
    let i = y * width;
    while (i < end) {
      const v = grey[i]!;
      if (v !== previous) {
        flush();
        literal(v);
        previous = v;
        i++;
        continue;
      }
      // A run of `previous`: bytes up to a word boundary, whole words, then the bytes after.
      const start = i;
      while (i < end && (i & 3) !== 0 && grey[i] === v) i++;
      if (words && (i & 3) === 0) {
        const word = v * 0x01010101;
        while (i + 4 <= end && words[i >> 2] === word) i += 4;
      }
      while (i < end && grey[i] === v) i++;
      run += i - start;
    }
  }
  flush();
  out.write(0, 7); // end of block
  out.align();
  a %= ADLER;
  b %= ADLER;
  const adler = ((b << 16) | a) >>> 0;
  out.byte(adler >>> 24);
  out.byte((adler >>> 16) & 0xff);
  out.byte((adler >>> 8) & 0xff);
  out.byte(adler & 0xff);
  return out.bytes();
}
