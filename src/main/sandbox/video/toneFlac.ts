/**
 * The Sandbox clip's sound: a tone whose pitch follows the picture, written as FLAC by hand.
 *
 * Why FLAC, and why by hand: mediabunny muxes audio but encodes it only through WebCodecs, which plain Node
 * lacks, so no AAC or Opus encoder runs where the Sandbox does. FLAC's VERBATIM subframe is raw PCM inside a
 * frame header and two CRCs (https://xiph.org/flac/format.html), a few lines to write; every FLAC decoder
 * reads it, mediabunny muxes it into MP4 (the dfLa box), Chromium plays FLAC in MP4 and ffmpeg decodes it.
 *
 * Why this tone: each video frame's sound is a sine whose frequency is a function of that frame's picture (the
 * brightness of its bottom row, where the progress bar grows), phase-continuous across frames. A test decodes
 * both with ffmpeg and checks that the pitch heard during frame N is the one frame N's picture gives, so sound
 * and picture are seen to stay in step through every step that makes a clip from another (continue, make final,
 * upscale), each of which writes its frames through the same writer.
 */
import type { Planes } from './yuv';

const TONE_SAMPLE_RATE = 24_000;
/** FLAC's code for 24 kHz in a frame header (so a reader needs no STREAMINFO for it). */
const RATE_CODE = 0b0111;
const BLOCK = 1024;
const AMPLITUDE = 0.3 * 32767;

/** Hz for a bottom-row brightness (mean luma 0 to 255): about 200 Hz for black to 1220 Hz for white. */
export const pitchOfLuma = (luma: number) => 200 + 4 * luma;

/** The mean luma of the picture's last visible row: the feature the pitch follows. */
export function bottomRowLuma(planes: Planes, width: number, height: number): number {
  const row = (height - 1) * planes.width;
  let sum = 0;
  for (let x = 0; x < width; x++) sum += planes.y[row + x]!;
  return sum / width;
}

/** The samples of `pitches` (one per video frame at `fps`), phase-continuous, as signed 16-bit PCM. */
export function toneSamples(pitches: readonly number[], fps: number): Int16Array {
  const total = Math.round((pitches.length * TONE_SAMPLE_RATE) / fps);
  const out = new Int16Array(total);
  let phase = 0;
  for (let i = 0; i < total; i++) {
    const frame = Math.min(pitches.length - 1, Math.floor((i * fps) / TONE_SAMPLE_RATE + 1e-9));
    out[i] = Math.round(AMPLITUDE * Math.sin(phase));
    phase += (2 * Math.PI * pitches[frame]!) / TONE_SAMPLE_RATE;
    if (phase > 2 * Math.PI) phase -= 2 * Math.PI;
  }
  return out;
}

const CRC8 = Uint8Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
  return c;
});
const CRC16 = Uint16Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? ((c << 1) ^ 0x8005) & 0xffff : (c << 1) & 0xffff;
  return c;
});

/** FLAC's UTF-8-like coding of a frame number (up to 2^31). */
function codedNumber(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  let bytes = 2;
  while (n >= 2 ** (5 * bytes + 1)) bytes++;
  for (let i = bytes - 1; i > 0; i--) out.unshift(0x80 | ((n >> (6 * (bytes - 1 - i))) & 0x3f));
  out.unshift(((0xff << (8 - bytes)) & 0xff) | (n >> (6 * (bytes - 1))));
  return out;
}

/** One FLAC frame: header, a VERBATIM subframe of 16-bit samples, CRC-16. */
function flacFrame(index: number, samples: Int16Array): Uint8Array {
  const header = [0xff, 0xf8, (0b0111 << 4) | RATE_CODE, (0b0000 << 4) | (0b100 << 1), ...codedNumber(index), (samples.length - 1) >> 8, (samples.length - 1) & 0xff];
  let crc8 = 0;
  for (const b of header) crc8 = CRC8[crc8 ^ b]!;
  const out = new Uint8Array(header.length + 1 + 1 + samples.length * 2 + 2);
  out.set(header);
  out[header.length] = crc8;
  out[header.length + 1] = 0b0000_0010; // subframe: VERBATIM, no wasted bits
  const view = new DataView(out.buffer);
  let at = header.length + 2;
  for (const s of samples) {
    view.setInt16(at, s);
    at += 2;
  }
  let crc16 = 0;
  for (let i = 0; i < at; i++) crc16 = ((crc16 << 8) & 0xffff) ^ CRC16[(crc16 >> 8) ^ out[i]!]!;
  view.setUint16(at, crc16);
  return out;
}

export interface FlacTrack {
  readonly sampleRate: number;
  /** "fLaC" and the STREAMINFO block, as WebCodecs and mediabunny take a FLAC decoder description. */
  readonly description: Uint8Array;
  readonly frames: readonly { readonly data: Uint8Array; readonly start: number; readonly samples: number }[];
}

/** Mono 16-bit FLAC of the samples, in blocks of 1024 (the last shorter). */
export function encodeFlac(samples: Int16Array): FlacTrack {
  const info = new Uint8Array(4 + 4 + 34);
  info.set([0x66, 0x4c, 0x61, 0x43]); // fLaC
  info.set([0x80, 0, 0, 34], 4); // last metadata block, STREAMINFO, 34 bytes
  const v = new DataView(info.buffer, 8);
  v.setUint16(0, BLOCK); // min block size (the last block may be shorter, as the format allows)
  v.setUint16(2, BLOCK);
  // min and max frame size unknown (0); then 20 bits rate, 3 bits channels - 1, 5 bits bits - 1, 36 bits total.
  const total = samples.length;
  v.setUint32(10, (TONE_SAMPLE_RATE << 12) | (0 << 9) | (15 << 4) | Math.floor(total / 2 ** 32));
  v.setUint32(14, total >>> 0);
  // The MD5 of the samples is left 0: "unknown", which the format allows.
  const frames: FlacTrack['frames'][number][] = [];
  for (let start = 0, i = 0; start < total; start += BLOCK, i++) {
    const block = samples.subarray(start, Math.min(total, start + BLOCK));
    frames.push({ data: flacFrame(i, block), start, samples: block.length });
  }
  return { sampleRate: TONE_SAMPLE_RATE, description: info, frames };
}
