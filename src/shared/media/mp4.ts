/**
 * Just enough of ISO BMFF (MP4) to tell a whole file from a truncated or foreign one, and read its size.
 * Written by hand because it must be synchronous and pure (shared by the library's check of a download and the
 * Sandbox's own clips): it reads box headers only, never samples, where a demuxer such as mediabunny would
 * read the file through an async input and decode far more than this check needs.
 */

export interface Mp4Info {
  readonly width: number | null;
  readonly height: number | null;
  readonly seconds: number | null;
  /** Of the first video track, from its sample table. */
  readonly frames: number | null;
  readonly fps: number | null;
  /** The sample entry's four-character code, e.g. `avc1` for H.264. */
  readonly codec: string | null;
}

interface Box {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly header: number;
}

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const type = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** The boxes between `start` and `end`; undefined when one runs past the end (the file is cut short). */
function boxes(b: Uint8Array, start: number, end: number): Box[] | undefined {
  const out: Box[] = [];
  let at = start;
  while (at < end) {
    if (at + 8 > end) return undefined;
    let size = u32(b, at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return undefined;
      const high = u32(b, at + 8);
      size = high * 2 ** 32 + u32(b, at + 12);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return undefined;
    out.push({ type: type(b, at + 4), start: at, end: at + size, header });
    at += size;
  }
  return out;
}

/** Reads an MP4's frame size and length; undefined when the bytes are not a complete MP4. */
export function readMp4Info(bytes: Uint8Array): Mp4Info | undefined {
  if (bytes.length < 16 || type(bytes, 4) !== 'ftyp') return undefined;
  const top = boxes(bytes, 0, bytes.length);
  if (!top) return undefined;
  const moov = top.find((x) => x.type === 'moov');
  if (!moov || !top.some((x) => x.type === 'mdat')) return undefined;
  const inner = boxes(bytes, moov.start + moov.header, moov.end);
  if (!inner) return undefined;

  let seconds: number | null = null;
  const mvhd = inner.find((x) => x.type === 'mvhd');
  if (mvhd) {
    const v = bytes[mvhd.start + 8]!;
    const base = mvhd.start + 12;
    const timescale = v === 1 ? u32(bytes, base + 16) : u32(bytes, base + 8);
    const duration = v === 1 ? u32(bytes, base + 20) * 2 ** 32 + u32(bytes, base + 24) : u32(bytes, base + 12);
    if (timescale > 0) seconds = duration / timescale;
  }
  let width: number | null = null;
  let height: number | null = null;
  let track: TrackTiming = { frames: null, fps: null, codec: null };
  for (const trak of inner.filter((x) => x.type === 'trak')) {
    const children = boxes(bytes, trak.start + trak.header, trak.end);
    const tkhd = children?.find((x) => x.type === 'tkhd');
    if (!tkhd) continue;
    const v = bytes[tkhd.start + 8]!;
    // Width and height are the last two 16.16 fixed-point fields of tkhd.
    const at = tkhd.start + 8 + (v === 1 ? 88 : 76);
    if (at + 8 > tkhd.end) continue;
    const w = u32(bytes, at) / 65536;
    const h = u32(bytes, at + 4) / 65536;
    if (w > 0 && h > 0) {
      width = Math.round(w);
      height = Math.round(h);
      const mdia = children?.find((x) => x.type === 'mdia');
      if (mdia) track = trackTiming(bytes, mdia);
      break;
    }
  }
  return { width, height, seconds, ...track };
}

interface TrackTiming {
  readonly frames: number | null;
  readonly fps: number | null;
  readonly codec: string | null;
}

const child = (b: Uint8Array, parent: Box | undefined, name: string) => (parent ? boxes(b, parent.start + parent.header, parent.end)?.find((x) => x.type === name) : undefined);

/** Frame count (stts), frame rate (with mdhd's timescale) and codec (stsd) of a track's media box. */
function trackTiming(b: Uint8Array, mdia: Box): TrackTiming {
  const mdhd = child(b, mdia, 'mdhd');
  const stbl = child(b, child(b, mdia, 'minf'), 'stbl');
  const stts = child(b, stbl, 'stts');
  const stsd = child(b, stbl, 'stsd');
  let codec: string | null = null;
  // stsd: version and flags, entry count, then the first sample entry's size and type.
  if (stsd && stsd.start + stsd.header + 16 <= stsd.end) codec = type(b, stsd.start + stsd.header + 12);
  let frames: number | null = null;
  let ticks = 0;
  if (stts && stts.start + stts.header + 8 <= stts.end) {
    const entries = u32(b, stts.start + stts.header + 4);
    if (stts.start + stts.header + 8 + entries * 8 <= stts.end) {
      frames = 0;
      for (let i = 0; i < entries; i++) {
        const at = stts.start + stts.header + 8 + i * 8;
        frames += u32(b, at);
        ticks += u32(b, at) * u32(b, at + 4);
      }
    }
  }
  let fps: number | null = null;
  if (mdhd && frames && ticks > 0) {
    const v = b[mdhd.start + mdhd.header]!;
    const timescale = u32(b, mdhd.start + mdhd.header + (v === 1 ? 20 : 12));
    if (timescale > 0) fps = Math.round(((frames * timescale) / ticks) * 1000) / 1000;
  }
  return { frames, fps, codec };
}
