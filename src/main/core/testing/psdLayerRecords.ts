import { inflateSync } from 'node:zlib';

/**
 * A minimal reader of a PSD's layer records and their user masks, written from Adobe's "Photoshop File Formats
 * Specification" (Layer and Mask Information section), for tests only: ImageMagick 6 reads the layers' pixels,
 * names and offsets but not their layer masks, so the masks are checked with this, not with the app's reader.
 */
export interface IndependentLayer {
  name: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
  hidden: boolean;
  /** each channel's compression code (0 raw, 1 RLE, 2 ZIP), in the record's order */
  compressions: number[];
  mask: { top: number; left: number; bottom: number; right: number; defaultColor: number; disabled: boolean; pixels: Uint8Array } | null;
}

/** PackBits rows, after a table of byte counts per row (compression 1), raw (compression 0), or one zlib stream (ZIP without prediction, 2). */
function channelPixels(view: DataView, at: number, length: number, width: number, height: number): Uint8Array {
  const compression = view.getUint16(at);
  let p = at + 2;
  const out = new Uint8Array(width * height);
  if (compression === 0) {
    out.set(new Uint8Array(view.buffer, view.byteOffset + p, width * height));
    return out;
  }
  if (compression === 2) {
    out.set(inflateSync(new Uint8Array(view.buffer, view.byteOffset + p, length - 2)));
    return out;
  }
  if (compression !== 1) throw new Error(`compression ${compression} not read by this test reader`);
  const counts: number[] = [];
  for (let r = 0; r < height; r++, p += 2) counts.push(view.getUint16(p));
  let o = 0;
  for (let r = 0; r < height; r++) {
    const end = p + counts[r]!;
    while (p < end) {
      const n = view.getInt8(p++);
      if (n >= 0) for (let i = 0; i <= n; i++) out[o++] = view.getUint8(p++);
      else if (n !== -128) {
        const v = view.getUint8(p++);
        for (let i = 0; i < 1 - n; i++) out[o++] = v;
      }
    }
  }
  return out;
}

export function readPsdLayerMasks(bytes: Uint8Array): IndependentLayer[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 26;
  p += 4 + view.getUint32(p); // colour mode data
  p += 4 + view.getUint32(p); // image resources
  p += 4; // layer and mask information length
  p += 4; // layer info length
  const count = Math.abs(view.getInt16(p));
  p += 2;
  const records: Array<IndependentLayer & { channels: Array<{ id: number; length: number }> }> = [];
  for (let i = 0; i < count; i++) {
    const [top, left, bottom, right] = [view.getInt32(p), view.getInt32(p + 4), view.getInt32(p + 8), view.getInt32(p + 12)];
    p += 16;
    const channels: Array<{ id: number; length: number }> = [];
    const n = view.getUint16(p);
    p += 2;
    for (let c = 0; c < n; c++, p += 6) channels.push({ id: view.getInt16(p), length: view.getUint32(p + 2) });
    p += 4 + 4 + 1 + 1; // '8BIM', blend key, opacity, clipping
    const flags = view.getUint8(p);
    p += 2; // flags, filler
    const extraLength = view.getUint32(p);
    p += 4;
    const extraEnd = p + extraLength;
    const maskLength = view.getUint32(p);
    let mask: IndependentLayer['mask'] = null;
    if (maskLength >= 20) {
      const m = p + 4;
      mask = { top: view.getInt32(m), left: view.getInt32(m + 4), bottom: view.getInt32(m + 8), right: view.getInt32(m + 12), defaultColor: view.getUint8(m + 16), disabled: (view.getUint8(m + 17) & 2) !== 0, pixels: new Uint8Array() };
    }
    p += 4 + maskLength;
    p += 4 + view.getUint32(p); // blending ranges
    const nameLength = view.getUint8(p);
    const name = new TextDecoder('latin1').decode(bytes.subarray(p + 1, p + 1 + nameLength));
    p = extraEnd;
    records.push({ name, top, left, bottom, right, hidden: (flags & 2) !== 0, compressions: [], mask, channels });
  }
  // channel image data, layer by layer, channel by channel, in the records' order
  for (const r of records) {
    for (const c of r.channels) {
      r.compressions.push(view.getUint16(p));
      if (c.id === -2 && r.mask) r.mask.pixels = channelPixels(view, p, c.length, r.mask.right - r.mask.left, r.mask.bottom - r.mask.top);
      p += c.length;
    }
  }
  return records.map(({ channels: _channels, ...layer }) => layer);
}
