/**
 * The small parts of a PSD, byte for byte as Adobe's "Photoshop File Formats Specification" lays them out and as
 * ag-psd wrote them before (the same records, resources and additional layer information): the header, the image
 * resources and one layer record. The pixel data around them is written by psdWrite.ts.
 */

/** One layer record: a pixel layer, or a group's opening divider or closing record. */
export interface PsdRecord {
  readonly name: string;
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
  readonly hidden: boolean;
  /** channel ids in the order their data follows: -1 transparency, 0..2 red, green, blue, -2 the layer mask */
  readonly channels: readonly number[];
  readonly mask: { readonly top: number; readonly left: number; readonly bottom: number; readonly right: number; readonly disabled: boolean } | null;
  /** 'lsct': 3 closes a group's content (written first), 2 is the closed group itself */
  readonly section: 2 | 3 | null;
}

/** A growing big-endian byte list. */
export class Bytes {
  private buffer = new Uint8Array(256);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private room(n: number): number {
    if (this.length + n > this.buffer.length) {
      const next = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
      next.set(this.buffer.subarray(0, this.length));
      this.buffer = next;
      this.view = new DataView(next.buffer);
    }
    const at = this.length;
    this.length += n;
    return at;
  }

  /** `n` bytes set through the view (after `room`, which may replace it) */
  private put(n: number, set: (view: DataView, at: number) => void): this {
    const at = this.room(n);
    set(this.view, at);
    return this;
  }
  u8(v: number): this {
    return this.put(1, (d, at) => d.setUint8(at, v));
  }
  u16(v: number): this {
    return this.put(2, (d, at) => d.setUint16(at, v));
  }
  i16(v: number): this {
    return this.put(2, (d, at) => d.setInt16(at, v));
  }
  u32(v: number): this {
    return this.put(4, (d, at) => d.setUint32(at, v));
  }
  i32(v: number): this {
    return this.put(4, (d, at) => d.setInt32(at, v));
  }
  /** PSB's 8-byte lengths (every length here is below 2^53) */
  u64(v: number): this {
    return this.u32(Math.floor(v / 2 ** 32)).u32(v % 2 ** 32);
  }
  /** a length of 4 bytes in a PSD, 8 in a PSB */
  length32or64(v: number, psb: boolean): this {
    return psb ? this.u64(v) : this.u32(v);
  }
  ascii(s: string): this {
    for (const c of s) this.u8(c.charCodeAt(0));
    return this;
  }
  bytes(b: Uint8Array): this {
    const at = this.room(b.length);
    this.buffer.set(b, at);
    return this;
  }
  zeros(n: number): this {
    this.room(n);
    return this;
  }
  /** a block with its length before it (4 bytes), its content padded to `round` (the padding counted or not) */
  section(round: number, countPadding: boolean, write: (b: Bytes) => void): this {
    const at = this.room(4);
    const start = this.length;
    write(this);
    const length = this.length - start;
    const padding = (round - (length % round)) % round;
    this.zeros(padding);
    this.view.setUint32(at, countPadding ? length + padding : length);
    return this;
  }
  done(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** The file header: RGB, 8 bits a channel, 3 or 4 channels for the merged image. */
export function psdHeader(width: number, height: number, channels: 3 | 4, psb: boolean): Uint8Array {
  return new Bytes()
    .ascii('8BPS')
    .u16(psb ? 2 : 1)
    .zeros(6)
    .u16(channels)
    .u32(height)
    .u32(width)
    .u16(8)
    .u16(3)
    .u32(0) // colour mode data: none for RGB
    .done();
}

/** Image resources: the XMP packet (1060), then each layer's link group (1026, none) and its group being on (1072). */
export function psdResources(xmp: string | null, records: number): Uint8Array {
  const resource = (b: Bytes, id: number, write: (b: Bytes) => void) => b.ascii('8BIM').u16(id).u16(0).section(2, false, write);
  return new Bytes()
    .section(1, false, (b) => {
      if (xmp !== null) resource(b, 1060, (r) => r.bytes(new TextEncoder().encode(xmp)));
      resource(b, 1026, (r) => r.zeros(2 * records));
      resource(b, 1072, (r) => {
        for (let i = 0; i < records; i++) r.u8(1);
      });
    })
    .done();
}

/** One layer record; `lengths` are its channels' data lengths, each with its 2-byte compression code (0 until known). */
export function psdRecord(r: PsdRecord, lengths: readonly number[], psb: boolean): Uint8Array {
  const b = new Bytes().i32(r.top).i32(r.left).i32(r.bottom).i32(r.right).u16(r.channels.length);
  r.channels.forEach((id, i) => b.i16(id).length32or64(lengths[i] ?? 0, psb));
  // Photoshop 5+ flags (8); hidden (2); a group's records carry no pixels that show (16)
  const flags = 0x08 | (r.hidden ? 0x02 : 0) | (r.section !== null ? 0x10 : 0);
  b.ascii('8BIM').ascii('norm').u8(255).u8(0).u8(flags).u8(0);
  b.section(1, false, (extra) => {
    extra.section(1, false, (m) => {
      if (r.mask) m.i32(r.mask.top).i32(r.mask.left).i32(r.mask.bottom).i32(r.mask.right).u8(0).u8(r.mask.disabled ? 2 : 0).zeros(2);
    });
    extra.u32(0); // blending ranges
    // the Pascal name: its length, ASCII ('?' for the rest; the Unicode name follows), padded to 4 with the length byte
    const pascal = r.name.slice(0, 255);
    extra.u8(pascal.length);
    for (let i = 0; i < pascal.length; i++) extra.u8(pascal.charCodeAt(i) < 128 ? pascal.charCodeAt(i) : 0x3f);
    extra.zeros((4 - ((pascal.length + 1) % 4)) % 4);
    extra.ascii('8BIMluni').section(4, true, (u) => {
      u.u32(r.name.length);
      for (let i = 0; i < r.name.length; i++) u.u16(r.name.charCodeAt(i));
    });
    if (r.section === 3) extra.ascii('8BIMlsct').section(2, true, (s) => s.u32(3));
    if (r.section === 2) extra.ascii('8BIMlsct').section(2, true, (s) => s.u32(2).ascii('8BIMpass').u32(0));
  });
  return b.done();
}
