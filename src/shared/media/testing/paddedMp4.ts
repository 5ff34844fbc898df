/**
 * MP4 files for tests: a minimal whole one, and the same padded with a great many tiny boxes (the hostile file
 * of issue 23: one object per box once took main down). Built in one buffer, so a million boxes cost 8 MB.
 */

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function box(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(ascii(type), 4);
  out.set(body, 8);
  return out;
}

function join(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const filled = (n: number, fill: (v: DataView) => void): Uint8Array => {
  const b = new Uint8Array(n);
  fill(new DataView(b.buffer));
  return b;
};

/** ftyp, and moov with mvhd (5 s at 1000/s) and one track of 1280 × 736. */
function head(): [Uint8Array, Uint8Array] {
  const ftyp = box('ftyp', ascii('isom\0\0\0\0isomiso2'));
  const mvhd = box('mvhd', filled(100, (v) => (v.setUint32(12, 1000), v.setUint32(16, 5000))));
  const tkhd = box('tkhd', filled(84, (v) => (v.setUint32(76, 1280 * 65536), v.setUint32(80, 736 * 65536))));
  return [ftyp, box('moov', join([mvhd, box('trak', tkhd)]))];
}

/** A minimal whole MP4: ftyp, moov (5 s, 1280 × 736), mdat. */
export function minimalMp4(): Uint8Array {
  const [ftyp, moov] = head();
  return join([ftyp, moov, box('mdat', new Uint8Array(64))]);
}

/** A whole MP4 with `count` empty 8-byte `free` boxes between its index and its media. */
export function paddedMp4(count: number): Uint8Array {
  const [ftyp, moov] = head();
  const mdat = box('mdat', new Uint8Array(64));
  const out = new Uint8Array(ftyp.length + moov.length + count * 8 + mdat.length);
  out.set(ftyp, 0);
  out.set(moov, ftyp.length);
  const view = new DataView(out.buffer);
  let at = ftyp.length + moov.length;
  for (let i = 0; i < count; i++, at += 8) {
    view.setUint32(at, 8);
    view.setUint32(at + 4, 0x66726565); // 'free'
  }
  out.set(mdat, at);
  return out;
}
