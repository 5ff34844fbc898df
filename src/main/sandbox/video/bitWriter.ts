/** An MSB-first bit writer with the Exp-Golomb codes of H.264 (clause 9.1). */
export class BitWriter {
  private buf: Uint8Array;
  private pos = 0; // bytes completed
  private acc = 0; // pending bits, left-aligned in `accBits`
  private accBits = 0;

  constructor(capacity = 1024) {
    this.buf = new Uint8Array(capacity);
  }

  private ensure(extra: number): void {
    if (this.pos + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** Writes the low `n` bits of `value` (n <= 32). */
  bits(value: number, n: number): void {
    for (let left = n; left > 0; ) {
      const take = Math.min(left, 8 - this.accBits);
      const shift = left - take;
      const chunk = Math.floor(value / 2 ** shift) & ((1 << take) - 1);
      this.acc = (this.acc << take) | chunk;
      this.accBits += take;
      left -= take;
      if (this.accBits === 8) {
        this.ensure(1);
        this.buf[this.pos++] = this.acc;
        this.acc = 0;
        this.accBits = 0;
      }
    }
  }

  flag(on: boolean): void {
    this.bits(on ? 1 : 0, 1);
  }

  /** ue(v): unsigned Exp-Golomb. */
  ue(value: number): void {
    const v = value + 1;
    const len = 31 - Math.clz32(v);
    this.bits(0, len);
    this.bits(v, len + 1);
  }

  /** se(v): signed Exp-Golomb. */
  se(value: number): void {
    this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  get aligned(): boolean {
    return this.accBits === 0;
  }

  /** Zero bits up to the next byte boundary (pcm_alignment_zero_bit, cabac_alignment_one_bit aside). */
  alignZero(): void {
    if (this.accBits > 0) this.bits(0, 8 - this.accBits);
  }

  /** Raw bytes; the writer must be byte-aligned. */
  bytes(data: Uint8Array): void {
    if (this.accBits !== 0) throw new Error('BitWriter.bytes needs a byte boundary');
    this.ensure(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
  }

  /** rbsp_trailing_bits: a one, then zeros to the byte boundary. */
  trailingBits(): void {
    this.bits(1, 1);
    this.alignZero();
  }

  finish(): Uint8Array {
    if (this.accBits !== 0) throw new Error('BitWriter.finish needs a byte boundary');
    return this.buf.slice(0, this.pos);
  }
}

/**
 * A NAL unit from its header byte and RBSP, with emulation-prevention bytes inserted so that no
 * 0x000000..0x000003 sequence appears inside it (clause 7.4.1).
 */
export function nalUnit(header: number, rbsp: Uint8Array): Uint8Array {
  const out = new Uint8Array(1 + rbsp.length + Math.ceil(rbsp.length / 2) + 1);
  out[0] = header;
  let at = 1;
  let zeros = 0;
  for (let i = 0; i < rbsp.length; i++) {
    const b = rbsp[i]!;
    if (zeros >= 2 && b <= 3) {
      out[at++] = 3;
      zeros = 0;
    }
    out[at++] = b;
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return out.slice(0, at);
}
