/**
 * Reads back the Sandbox's own clips, frame by frame: what a continuation starts from (the source's last frame)
 * and what enhancing a draft or upscaling keeps (every frame's composition).
 *
 * Hand-written because it decodes only the Sandbox's own format, which no library offers on its own in Node
 * (mediabunny decodes pictures only through WebCodecs, which Node lacks): one slice a picture, I_PCM and
 * Intra16x16 DC macroblocks without residual in the IDR picture, I_PCM and P_Skip in the P pictures, no
 * deblocking. mediabunny demuxes the MP4. A clip of any other encoder (its parameter sets differ from the ones
 * the Sandbox writes for its size) is not ours: the reader answers undefined and the caller falls back.
 */
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { readMp4Info } from '../../../shared/media/mp4';
import { mbCols, mbRows, pictureParameterSet, sequenceParameterSet, type StreamFormat } from './h264';
import { createPlanes, writeMacroblock, type Planes } from './yuv';

interface OwnFrame {
  /** The picture, at whole macroblocks; the same object each time, changed in place. */
  readonly planes: Planes;
  /** The macroblocks that may differ from the previous frame; 'all' for the first. */
  readonly changed: readonly number[] | 'all';
}

export interface OwnClip {
  /** The visible size. */
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly frames: number;
  /** Decodes the frames in order. */
  decode(): AsyncGenerator<OwnFrame>;
}

class BitReader {
  private pos = 0;
  constructor(private readonly b: Uint8Array) {}
  bit(): number {
    const byte = this.b[this.pos >> 3];
    if (byte === undefined) throw new Error('read past the end of the slice');
    const v = (byte >> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return v;
  }
  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + this.bit();
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) if (++zeros > 31) throw new Error('bad exp-Golomb code');
    return 2 ** zeros - 1 + this.bits(zeros);
  }
  se(): number {
    const k = this.ue();
    return k % 2 ? (k + 1) / 2 : -k / 2;
  }
  align(): void {
    this.pos = (this.pos + 7) & ~7;
  }
  bytes(n: number): Uint8Array {
    if (this.pos & 7) throw new Error('unaligned');
    const start = this.pos >> 3;
    if (start + n > this.b.length) throw new Error('read past the end of the slice');
    this.pos += n * 8;
    return this.b.subarray(start, start + n);
  }
}

/** The RBSP of a NAL unit: its header byte dropped and emulation-prevention bytes taken out. */
function rbspOf(nal: Uint8Array): Uint8Array {
  const out = new Uint8Array(nal.length);
  let at = 0;
  let zeros = 0;
  for (let i = 1; i < nal.length; i++) {
    const b = nal[i]!;
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out[at++] = b;
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, at);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The coeff_token for no coefficients, by nC (Table 9-5), as the encoder writes it. */
function readNoCoefficients(r: BitReader, nC: number): void {
  const [value, length] = nC < 2 ? [1, 1] : nC < 4 ? [3, 2] : nC < 8 ? [15, 4] : [3, 6];
  if (r.bits(length) !== value) throw new Error('coefficients present');
}

/** Intra16x16 DC prediction of luma and chroma (clause 8.3.3, 8.3.4) from the neighbours already decoded. */
function predictDc(p: Planes, mb: number, cols: number): void {
  const x = (mb % cols) * 16;
  const y = Math.floor(mb / cols) * 16;
  const left = x > 0;
  const top = y > 0;
  let sumTop = 0;
  let sumLeft = 0;
  for (let i = 0; i < 16; i++) {
    if (top) sumTop += p.y[(y - 1) * p.width + x + i]!;
    if (left) sumLeft += p.y[(y + i) * p.width + x - 1]!;
  }
  const luma = top && left ? (sumTop + sumLeft + 16) >> 5 : left ? (sumLeft + 8) >> 4 : top ? (sumTop + 8) >> 4 : 128;
  for (let row = 0; row < 16; row++) p.y.fill(luma, (y + row) * p.width + x, (y + row) * p.width + x + 16);
  const cw = p.width / 2;
  const cx = x / 2;
  const cy = y / 2;
  for (const plane of [p.cb, p.cr]) {
    for (const [xO, yO] of [[0, 0], [4, 0], [0, 4], [4, 4]] as const) {
      let t = 0;
      let l = 0;
      for (let i = 0; i < 4; i++) {
        if (top) t += plane[(cy - 1) * cw + cx + xO + i]!;
        if (left) l += plane[(cy + yO + i) * cw + cx - 1]!;
      }
      let dc: number;
      if (xO === yO) dc = top && left ? (t + l + 4) >> 3 : left ? (l + 2) >> 2 : top ? (t + 2) >> 2 : 128;
      else if (xO === 4) dc = top ? (t + 2) >> 2 : left ? (l + 2) >> 2 : 128;
      else dc = left ? (l + 2) >> 2 : top ? (t + 2) >> 2 : 128;
      for (let row = 0; row < 4; row++) plane.fill(dc, (cy + yO + row) * cw + cx + xO, (cy + yO + row) * cw + cx + xO + 4);
    }
  }
}

/** Decodes one picture's slice into `p`; returns the macroblocks it sent (all for an IDR picture). */
function decodeSlice(nal: Uint8Array, p: Planes, f: StreamFormat): number[] | 'all' {
  const idr = nal[0] === 0x65;
  if (!idr && nal[0] !== 0x41) throw new Error('not a picture the Sandbox writes');
  const r = new BitReader(rbspOf(nal));
  const cols = mbCols(f);
  const total = cols * mbRows(f);
  if (r.ue() !== 0) throw new Error('one slice a picture');
  if (r.ue() !== (idr ? 7 : 5)) throw new Error('unexpected slice type');
  r.ue(); // pic_parameter_set_id
  r.bits(16); // frame_num
  if (idr) r.ue(); // idr_pic_id
  if (idr) r.bits(2);
  else r.bits(3); // num_ref_idx_active_override, ref_pic_list_modification, adaptive_ref_pic_marking_mode
  r.se(); // slice_qp_delta
  if (r.ue() !== 1) throw new Error('deblocking on');
  if (idr) {
    const flat = new Uint8Array(total);
    for (let mb = 0; mb < total; mb++) {
      const type = r.ue();
      if (type === 25) {
        r.align();
        writeMacroblock(p, mb, r.bytes(384));
        continue;
      }
      if (type !== 3 || r.ue() !== 0 || r.se() !== 0) throw new Error('unexpected macroblock');
      const x = mb % cols;
      const left = x > 0 ? (flat[mb - 1] ? 0 : 16) : -1;
      const top = mb >= cols ? (flat[mb - cols] ? 0 : 16) : -1;
      readNoCoefficients(r, left >= 0 && top >= 0 ? (left + top + 1) >> 1 : left >= 0 ? left : top >= 0 ? top : 0);
      predictDc(p, mb, cols);
      flat[mb] = 1;
    }
    return 'all';
  }
  const sent: number[] = [];
  let mb = 0;
  while (mb < total) {
    mb += r.ue(); // mb_skip_run: P_Skip with a zero motion vector copies the previous picture, which `p` holds
    if (mb >= total) break;
    if (r.ue() !== 30) throw new Error('unexpected macroblock');
    r.align();
    writeMacroblock(p, mb, r.bytes(384));
    sent.push(mb);
    mb++;
  }
  return sent;
}

/** NAL units of a sample stored with four-byte lengths. */
function nalsOf(sample: Uint8Array): Uint8Array[] {
  const view = new DataView(sample.buffer, sample.byteOffset, sample.byteLength);
  const out: Uint8Array[] = [];
  for (let at = 0; at + 4 <= sample.length; ) {
    const n = view.getUint32(at);
    out.push(sample.subarray(at + 4, at + 4 + n));
    at += 4 + n;
  }
  return out;
}

/** The Sandbox's own clip in `bytes`, ready to decode; undefined for a clip of another encoder. */
export async function readOwnClip(bytes: Uint8Array): Promise<OwnClip | undefined> {
  const info = readMp4Info(bytes);
  if (!info?.width || !info.height || !info.fps || !info.frames || info.codec !== 'avc1' || !Number.isInteger(info.fps)) return undefined;
  const format: StreamFormat = { width: info.width, height: info.height, fps: info.fps };
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack().catch(() => null);
  const config = await track?.getDecoderConfig().catch(() => null);
  const description = config?.description;
  if (!track || !description) return undefined;
  const record = description instanceof Uint8Array ? description : ArrayBuffer.isView(description) ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength) : new Uint8Array(description);
  // The avcC record: 6 bytes, then the one SPS with its length, then the one PPS with its length.
  const spsLength = (record[6]! << 8) | record[7]!;
  const sps = record.subarray(8, 8 + spsLength);
  const ppsAt = 8 + spsLength + 1;
  const pps = record.subarray(ppsAt + 2, ppsAt + 2 + ((record[ppsAt]! << 8) | record[ppsAt + 1]!));
  if (!sameBytes(sps, sequenceParameterSet(format)) || !sameBytes(pps, pictureParameterSet())) return undefined;
  return {
    width: info.width,
    height: info.height,
    fps: info.fps,
    frames: info.frames,
    async *decode() {
      const planes = createPlanes(mbCols(format) * 16, mbRows(format) * 16);
      const sink = new EncodedPacketSink(track);
      for await (const packet of sink.packets()) {
        let changed: number[] | 'all' = [];
        for (const nal of nalsOf(packet.data)) {
          const type = nal[0]! & 0x1f;
          if (type !== 1 && type !== 5) continue;
          changed = decodeSlice(nal, planes, format);
        }
        yield { planes, changed };
      }
    },
  };
}

/** The last frame of one of the Sandbox's own clips (a copy), or undefined when the clip is not one of them. */
export async function lastFrameOf(bytes: Uint8Array): Promise<{ planes: Planes; width: number; height: number } | undefined> {
  const clip = await readOwnClip(bytes);
  if (!clip) return undefined;
  let last: Planes | undefined;
  try {
    for await (const frame of clip.decode()) last = frame.planes;
  } catch {
    return undefined;
  }
  return last ? { planes: { ...last, y: last.y.slice(), cb: last.cb.slice(), cr: last.cr.slice() }, width: clip.width, height: clip.height } : undefined;
}
