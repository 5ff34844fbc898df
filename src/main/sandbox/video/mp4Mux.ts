/**
 * An ISO BMFF (MP4) file around one H.264 track: ftyp, then moov before mdat ("faststart"), so a
 * `<video>` can start playing before the whole file has arrived.
 */
import { CONSTRAINT_FLAGS, PROFILE_BASELINE } from './h264';

export interface Mp4Track {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly level: number;
  readonly sps: Uint8Array;
  readonly pps: Uint8Array;
  /** One access unit a frame: its NAL units, without start codes. */
  readonly samples: readonly (readonly Uint8Array[])[];
}

/** Ticks a second in the media timeline: a multiple of 24 and of common frame rates, as muxers use. */
const TIMESCALE = 12288;
const MOVIE_TIMESCALE = 1000;

type Part = Uint8Array | number[];

function concat(parts: readonly Part[]): Uint8Array {
  const size = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const u8 = (v: number) => [v & 0xff];
const u16 = (v: number) => [(v >>> 8) & 0xff, v & 0xff];
const u32 = (v: number) => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
const zeros = (n: number) => new Array<number>(n).fill(0);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function box(type: string, ...parts: Part[]): Uint8Array {
  const body = concat(parts);
  return concat([u32(8 + body.length), ascii(type), body]);
}
const fullBox = (type: string, version: number, flags: number, ...parts: Part[]) => box(type, u8(version), u32(flags).slice(1), ...parts);

/** The unity matrix of mvhd and tkhd. */
const MATRIX = [...u32(0x00010000), ...u32(0), ...u32(0), ...u32(0), ...u32(0x00010000), ...u32(0), ...u32(0), ...u32(0), ...u32(0x40000000)];

function avcC(t: Mp4Track): Uint8Array {
  return box(
    'avcC',
    u8(1),
    u8(PROFILE_BASELINE),
    u8(CONSTRAINT_FLAGS),
    u8(t.level),
    u8(0xfc | 3), // four-byte NAL lengths
    u8(0xe0 | 1),
    u16(t.sps.length),
    t.sps,
    u8(1),
    u16(t.pps.length),
    t.pps,
  );
}

function sampleTable(t: Mp4Track, sizes: readonly number[], chunkOffset: number): Uint8Array {
  const compressor = zeros(32);
  const name = ascii('Gen Studio sandbox');
  compressor[0] = name.length;
  compressor.splice(1, name.length, ...name);
  const avc1 = box(
    'avc1',
    zeros(6),
    u16(1), // data_reference_index
    zeros(16),
    u16(t.width),
    u16(t.height),
    u32(0x00480000),
    u32(0x00480000),
    u32(0),
    u16(1), // frame_count
    compressor,
    u16(0x0018),
    u16(0xffff),
    avcC(t),
  );
  const stszEntries: number[] = [];
  for (const s of sizes) stszEntries.push(...u32(s));
  return box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), avc1),
    fullBox('stts', 0, 0, u32(1), u32(sizes.length), u32(TIMESCALE / t.fps)),
    fullBox('stss', 0, 0, u32(1), u32(1)),
    fullBox('stsc', 0, 0, u32(1), u32(1), u32(sizes.length), u32(1)),
    fullBox('stsz', 0, 0, u32(0), u32(sizes.length), stszEntries),
    fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
  );
}

function movie(t: Mp4Track, sizes: readonly number[], chunkOffset: number): Uint8Array {
  const mediaDuration = (sizes.length * TIMESCALE) / t.fps;
  const movieDuration = Math.round((sizes.length * MOVIE_TIMESCALE) / t.fps);
  // Times are zero so the same request always makes the same bytes.
  const mvhd = fullBox('mvhd', 0, 0, u32(0), u32(0), u32(MOVIE_TIMESCALE), u32(movieDuration), u32(0x00010000), u16(0x0100), zeros(10), MATRIX, zeros(24), u32(2));
  const tkhd = fullBox('tkhd', 0, 3, u32(0), u32(0), u32(1), u32(0), u32(movieDuration), zeros(8), u16(0), u16(0), u16(0), u16(0), MATRIX, u32(t.width * 65536), u32(t.height * 65536));
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(TIMESCALE), u32(mediaDuration), u16(0x55c4), u16(0));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), ascii('vide'), zeros(12), ascii('VideoHandler'), [0]);
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const minf = box('minf', fullBox('vmhd', 0, 1, zeros(8)), dinf, sampleTable(t, sizes, chunkOffset));
  return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
}

export function muxMp4(t: Mp4Track): Uint8Array {
  const sizes = t.samples.map((nals) => nals.reduce((n, nal) => n + 4 + nal.length, 0));
  const ftyp = box('ftyp', ascii('isom'), u32(0x200), ascii('isomiso2avc1mp41'));
  const moovSize = movie(t, sizes, 0).length;
  const payload = sizes.reduce((a, b) => a + b, 0);
  const mdatOffset = ftyp.length + moovSize;
  const moov = movie(t, sizes, mdatOffset + 8);
  const out = new Uint8Array(mdatOffset + 8 + payload);
  out.set(ftyp, 0);
  out.set(moov, ftyp.length);
  const view = new DataView(out.buffer);
  view.setUint32(mdatOffset, 8 + payload);
  out.set(ascii('mdat'), mdatOffset + 4);
  let at = mdatOffset + 8;
  for (const nals of t.samples) {
    for (const nal of nals) {
      view.setUint32(at, nal.length);
      out.set(nal, at + 4);
      at += 4 + nal.length;
    }
  }
  return out;
}
