import { describe, expect, it } from 'vitest';
import { readMp4Info } from './mp4';

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  let at = 8;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const bytes = (n: number, fill: (v: DataView) => void = () => {}) => {
  const b = new Uint8Array(n);
  fill(new DataView(b.buffer));
  return b;
};

/** A minimal MP4: ftyp, moov (mvhd 5 s at 1000/s, one track of 1280 x 736), mdat. */
function minimalMp4(): Uint8Array {
  const ftyp = box('ftyp', new TextEncoder().encode('isom\0\0\0\0isomiso2'));
  const mvhd = box('mvhd', bytes(100, (v) => {
    v.setUint32(12, 1000);
    v.setUint32(16, 5000);
  }));
  const tkhd = box('tkhd', bytes(84, (v) => {
    v.setUint32(76, 1280 * 65536);
    v.setUint32(80, 736 * 65536);
  }));
  const moov = box('moov', mvhd, box('trak', tkhd));
  const mdat = box('mdat', bytes(64));
  const out = new Uint8Array(ftyp.length + moov.length + mdat.length);
  out.set(ftyp, 0);
  out.set(moov, ftyp.length);
  out.set(mdat, ftyp.length + moov.length);
  return out;
}

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
});
