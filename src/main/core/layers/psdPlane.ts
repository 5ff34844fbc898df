import type { Sharp } from 'sharp';
import { Bytes } from './psdLayout';
import type { BandPixels } from './layerPixels';
import { rawPlane } from './psdRaw';
import { channelOf, rlePlane } from './psdRle';

/**
 * One channel's data as it goes into the file, after its 2-byte compression code: RLE (1) where it pays, raw (0)
 * where it does not. PSD lets each layer channel choose its own compression; the merged image section has one for
 * all its channels. Run-length encoding a 4096² plane costs about 70 ms of processor time and on a photo-like
 * plane saves little (PackBits finds few runs in noise), so such planes are written as they are: extracting a
 * plane costs about a third of encoding it.
 */
export interface PsdPlane {
  readonly compression: 0 | 1;
  /** each row's byte count, 2 bytes each (4 in a PSB); empty when raw */
  readonly counts: Uint8Array;
  /** the bytes in order, maybe made as they are asked for (psdRaw.ts): write each before asking for the next */
  readonly data: Iterable<Uint8Array>;
  readonly length: number;
}

/** RLE is kept only where it makes the plane at most this share of its raw size: the time is spent for a real saving. */
const RLE_WORTH = 0.75;
/** Rows looked at to guess a plane's PackBits size: a few milliseconds on the event loop for a 4096-wide picture. */
const SAMPLE_ROWS = 48;

/** PackBits' size of one row of `n` bytes, `stride` apart from `start`: runs of 3 or more cost 2 bytes, literals 1 + 1/128. */
function packedRow(d: Uint8Array, start: number, stride: number, n: number): number {
  let size = 0;
  let literal = 0;
  for (let i = 0; i < n; ) {
    const v = d[start + i * stride];
    let j = i + 1;
    while (j < n && j - i < 128 && d[start + j * stride] === v) j++;
    if (j - i >= 3) {
      size += literal + Math.ceil(literal / 128) + 2;
      literal = 0;
    } else literal += j - i;
    i = j;
  }
  return size + literal + Math.ceil(literal / 128);
}

/**
 * Whether RLE pays for these channels of a picture of `bands` bytes a pixel (each channel's bytes at `offsets`),
 * guessed from evenly spaced rows, the row count table included. Channels decided together share one compression.
 */
export function rlePays(data: Uint8Array, width: number, height: number, bands: number, offsets: readonly number[]): boolean {
  const step = Math.max(1, Math.floor(height / SAMPLE_ROWS));
  let packed = 0;
  let raw = 0;
  for (let y = 0; y < height; y += step)
    for (const o of offsets) {
      packed += packedRow(data, y * width * bands + o, bands, width) + 2;
      raw += width;
    }
  return packed <= raw * RLE_WORTH;
}

const bytesOf = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** A one-band image as a plane: RLE on sharp's threads, or its bytes as they are (`bytes` when already at hand). */
export async function psdPlane(image: Sharp, width: number, height: number, psb: boolean, rle: boolean, bytes?: Uint8Array): Promise<PsdPlane> {
  if (rle) return { compression: 1, ...(await rlePlane(image, width, height, psb)) };
  const data = bytes ?? bytesOf(await image.raw().toBuffer());
  if (data.length !== width * height) throw new Error(`the raw plane has ${data.length} bytes, not ${width * height}`);
  return { compression: 0, counts: new Uint8Array(0), data: [data], length: data.length };
}

/** Channel `band` of decoded pixels as a plane: RLE from a channel sharp extracts, or raw read straight from them. */
export async function bandPlane(p: BandPixels, band: 0 | 1 | 2 | 3, psb: boolean, rle: boolean): Promise<PsdPlane> {
  return rle ? { compression: 1, ...(await rlePlane(channelOf(p, band), p.width, p.height, psb)) } : rawPlane(p, band);
}

/** Layer channels' data, each its compression code, its row counts (RLE) and its bytes, made as they are asked for. */
export function* planeChunks(planes: readonly PsdPlane[]): Generator<Uint8Array> {
  for (const plane of planes) {
    yield new Bytes().u16(plane.compression).done();
    yield plane.counts;
    yield* plane.data;
  }
}

/**
 * A plane of one value (an opaque picture's alpha) in RLE, made here without looking at a pixel: each row is runs
 * of at most 128 (header 257 − n), a last single byte as a literal; every row is the same bytes.
 */
export function flatPlane(value: number, width: number, height: number, psb: boolean): PsdPlane {
  const row = new Bytes();
  for (let left = width; left > 0; left -= 128) row.u8(left === 1 ? 0 : 257 - Math.min(128, left)).u8(value);
  const r = row.done();
  const counts = new Bytes();
  for (let y = 0; y < height; y++) {
    if (psb) counts.u32(r.length);
    else counts.u16(r.length);
  }
  const data = new Uint8Array(r.length * height);
  for (let y = 0; y < height; y++) data.set(r, y * r.length);
  const c = counts.done();
  return { compression: 1, counts: c, data: [data], length: c.length + data.length };
}
