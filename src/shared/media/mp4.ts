/**
 * Just enough of ISO BMFF (MP4) to tell a whole file from a truncated, foreign or hostile one, and read its size.
 * Written by hand, not with mediabunny (a dependency, used to remux and decode), for two reasons measured on
 * mediabunny 1.61 (issue 22): it does not tell a cut download from a whole one (an MP4 whose `mdat` was cut in half
 * reads as a whole 1 s clip with its track and duration; this check says `incomplete`), and its reading is async
 * while the callers here are synchronous and pure (the library's check of a download, the drop paths in the
 * renderer, the Sandbox's own clips). Its memory would do: a million 8-byte boxes before or inside `moov` cost it
 * 0.6 to 0.7 s and about 15 MB.
 *
 * Its work and memory are bounded: boxes are walked in place (no object per box), at most `MAX_BOXES` box
 * headers are read in all and at most `MAX_TABLE_ENTRIES` rows of the frame table, so a file padded with
 * millions of tiny boxes is refused as too complex in a few milliseconds instead of building millions of objects.
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

/**
 * The most box headers one reading walks. A plain MP4 has a few dozen; a fragmented one two per fragment, so
 * a long fragmented recording stays well under this.
 */
export const MAX_BOXES = 100_000;
/** The most frame-table rows added up (one row per frame at worst: over nine hours at 60 fps). */
const MAX_TABLE_ENTRIES = 2_000_000;

export type Mp4Reading =
  | { readonly kind: 'mp4'; readonly info: Mp4Info }
  /** Not an MP4 at all (no `ftyp` box first). */
  | { readonly kind: 'not-mp4' }
  /** Starts as an MP4 but a box runs past the end, or the index or the media is missing. */
  | { readonly kind: 'incomplete' }
  /** More boxes than any real video has: refused unread. */
  | { readonly kind: 'too-complex' };

interface Box {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly header: number;
}

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const type = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

class TooComplex extends Error {}
class Incomplete extends Error {}

/** The box whose header is at `at` of `b` (which must end by `end`); throws when it runs past `end`. */
function boxIn(b: Uint8Array, at: number, end: number): Box {
  if (at + 8 > end) throw new Incomplete();
  let size = u32(b, at);
  let header = 8;
  if (size === 1) {
    if (at + 16 > end) throw new Incomplete();
    size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12);
    header = 16;
  } else if (size === 0) {
    size = end - at;
  }
  if (size < header || at + size > end) throw new Incomplete();
  return { type: type(b, at + 4), start: at, end: at + size, header };
}

/** One reading's walk: every box header read counts against the budget. */
class Walker {
  private visited = 0;
  constructor(readonly b: Uint8Array) {}

  /** The box at `at` (which must end by `end`); throws when it runs past `end`. */
  private boxAt(at: number, end: number): Box {
    if (++this.visited > MAX_BOXES) throw new TooComplex();
    return boxIn(this.b, at, end);
  }

  /** Calls `visit` for each box between `start` and `end` until it returns true; checks every box is whole. */
  each(start: number, end: number, visit: (box: Box) => boolean | void): void {
    for (let at = start; at < end; ) {
      const box = this.boxAt(at, end);
      if (visit(box) === true) return;
      at = box.end;
    }
  }

  /** The first child of `parent` named `name`. */
  child(parent: Box | undefined, name: string): Box | undefined {
    if (!parent) return undefined;
    let found: Box | undefined;
    try {
      this.each(parent.start + parent.header, parent.end, (x) => {
        if (x.type === name) found = x;
        return found !== undefined;
      });
    } catch (error) {
      // A damaged child list inside the index leaves that detail unknown; only the budget stops the reading.
      if (error instanceof TooComplex) throw error;
    }
    return found;
  }
}

/** Reads an MP4's frame size and length, or says why it cannot: not an MP4, cut short, or too complex to read. */
export function readMp4(bytes: Uint8Array): Mp4Reading {
  if (bytes.length < 16 || type(bytes, 4) !== 'ftyp') return { kind: 'not-mp4' };
  try {
    return readWhole(new Walker(bytes));
  } catch (error) {
    if (error instanceof TooComplex) return { kind: 'too-complex' };
    if (error instanceof Incomplete) return { kind: 'incomplete' };
    throw error;
  }
}

/** The largest `ftyp` and index (`moov`) `readMp4Parts` reads into memory; a real index is a few hundred kB. */
const MAX_FTYP_BYTES = 4096;
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

/**
 * `readMp4` for a file too large to hold (a downloaded result): only the top-level box headers are read, through
 * `readAt`, then the `ftyp` and the index whole, and those are checked as `readMp4` checks a file in memory (the
 * media in `mdat` is only walked over, as there).
 */
export function readMp4Parts(size: number, readAt: (at: number, length: number) => Uint8Array): Mp4Reading {
  if (size < 16 || type(readAt(0, 16), 4) !== 'ftyp') return { kind: 'not-mp4' };
  let ftyp: Box | undefined;
  let moov: Box | undefined;
  let mdat = false;
  let visited = 0;
  try {
    for (let at = 0; at < size; ) {
      if (++visited > MAX_BOXES) return { kind: 'too-complex' };
      const found = boxIn(readAt(at, Math.min(16, size - at)), 0, size - at);
      const box = { ...found, start: at, end: at + found.end };
      if (box.type === 'ftyp') ftyp ??= box;
      else if (box.type === 'moov') moov ??= box;
      else if (box.type === 'mdat') mdat = true;
      at = box.end;
    }
  } catch (error) {
    if (error instanceof Incomplete) return { kind: 'incomplete' };
    throw error;
  }
  if (!ftyp || !moov || !mdat) return { kind: 'incomplete' };
  if (ftyp.end - ftyp.start > MAX_FTYP_BYTES || moov.end - moov.start > MAX_INDEX_BYTES) return { kind: 'too-complex' };
  // The same file without its media: the ftyp, an empty mdat, then the index (last, so one sized "to the end" still is).
  const ftypBytes = readAt(ftyp.start, ftyp.end - ftyp.start);
  const moovBytes = readAt(moov.start, moov.end - moov.start);
  const shell = new Uint8Array(ftypBytes.length + 8 + moovBytes.length);
  shell.set(ftypBytes, 0);
  shell.set([0, 0, 0, 8, 0x6d, 0x64, 0x61, 0x74], ftypBytes.length);
  shell.set(moovBytes, ftypBytes.length + 8);
  return readMp4(shell);
}

/** Reads an MP4's frame size and length; undefined when the bytes are not a complete MP4 it can read. */
export function readMp4Info(bytes: Uint8Array): Mp4Info | undefined {
  const reading = readMp4(bytes);
  return reading.kind === 'mp4' ? reading.info : undefined;
}

function readWhole(w: Walker): Mp4Reading {
  const bytes = w.b;
  let moov: Box | undefined;
  let mdat = false;
  // Every top-level box is walked: one running past the end means the file was cut short.
  w.each(0, bytes.length, (x) => {
    if (x.type === 'moov') moov ??= x;
    else if (x.type === 'mdat') mdat = true;
  });
  if (!moov || !mdat) return { kind: 'incomplete' };
  const index: Box = moov;
  // The index's own children must be whole too.
  w.each(index.start + index.header, index.end, () => {});

  let seconds: number | null = null;
  const mvhd = w.child(index, 'mvhd');
  if (mvhd && mvhd.start + 32 <= mvhd.end) {
    const v = bytes[mvhd.start + 8]!;
    const base = mvhd.start + 12;
    const timescale = v === 1 ? u32(bytes, base + 16) : u32(bytes, base + 8);
    const duration = v === 1 ? u32(bytes, base + 20) * 2 ** 32 + u32(bytes, base + 24) : u32(bytes, base + 12);
    if (timescale > 0) seconds = duration / timescale;
  }
  let width: number | null = null;
  let height: number | null = null;
  let track: TrackTiming = { frames: null, fps: null, codec: null };
  w.each(index.start + index.header, index.end, (trak) => {
    if (trak.type !== 'trak') return false;
    const tkhd = w.child(trak, 'tkhd');
    if (!tkhd) return false;
    const v = bytes[tkhd.start + 8]!;
    // Width and height are the last two 16.16 fixed-point fields of tkhd.
    const at = tkhd.start + 8 + (v === 1 ? 88 : 76);
    if (at + 8 > tkhd.end) return false;
    const wide = u32(bytes, at) / 65536;
    const high = u32(bytes, at + 4) / 65536;
    if (!(wide > 0 && high > 0)) return false;
    width = Math.round(wide);
    height = Math.round(high);
    const mdia = w.child(trak, 'mdia');
    if (mdia) track = trackTiming(w, mdia);
    return true;
  });
  return { kind: 'mp4', info: { width, height, seconds, ...track } };
}

interface TrackTiming {
  readonly frames: number | null;
  readonly fps: number | null;
  readonly codec: string | null;
}

/** Frame count (stts), frame rate (with mdhd's timescale) and codec (stsd) of a track's media box. */
function trackTiming(w: Walker, mdia: Box): TrackTiming {
  const b = w.b;
  const mdhd = w.child(mdia, 'mdhd');
  const stbl = w.child(w.child(mdia, 'minf'), 'stbl');
  const stts = w.child(stbl, 'stts');
  const stsd = w.child(stbl, 'stsd');
  let codec: string | null = null;
  // stsd: version and flags, entry count, then the first sample entry's size and type.
  if (stsd && stsd.start + stsd.header + 16 <= stsd.end) codec = type(b, stsd.start + stsd.header + 12);
  let frames: number | null = null;
  let ticks = 0;
  if (stts && stts.start + stts.header + 8 <= stts.end) {
    const entries = u32(b, stts.start + stts.header + 4);
    if (entries <= MAX_TABLE_ENTRIES && stts.start + stts.header + 8 + entries * 8 <= stts.end) {
      frames = 0;
      for (let i = 0; i < entries; i++) {
        const at = stts.start + stts.header + 8 + i * 8;
        frames += u32(b, at);
        ticks += u32(b, at) * u32(b, at + 4);
      }
    }
  }
  let fps: number | null = null;
  if (mdhd && frames && ticks > 0 && mdhd.start + mdhd.header + 24 <= mdhd.end) {
    const v = b[mdhd.start + mdhd.header]!;
    const timescale = u32(b, mdhd.start + mdhd.header + (v === 1 ? 20 : 12));
    if (timescale > 0) fps = Math.round(((frames * timescale) / ticks) * 1000) / 1000;
  }
  return { frames, fps, codec };
}
