import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import type { ChunkWriter } from './chunkWriter';

const deflateRawAsync = promisify(deflateRaw);
/** A CRC-32 this long takes a few milliseconds on the event loop (zlib's native CRC); the loop turns between. */
const CRC_SLICE = 16 << 20;
const ZIP_LIMIT = 0xffff_ffff;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Entry {
  readonly name: Buffer;
  readonly method: 0 | 8;
  readonly crc: number;
  readonly compressed: number;
  readonly size: number;
  readonly offset: number;
}

/** The zip's date and time fields (MS-DOS format, local time, two-second steps). */
function dosStamp(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((Math.max(1980, d.getFullYear()) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * A zip written front to back as its entries come (PKWARE's APPNOTE: local headers, the data, then the central
 * directory). Each entry's CRC and sizes are known before its header is written, so no data descriptors are
 * needed; the CRC is zlib's native one and compression runs on zlib's threads. Gen Studio's layers are PNGs,
 * already compressed, and are stored as they are. No ZIP64: a file past 4 GiB is refused, not written broken.
 */
export class ZipWriter {
  private at = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp = dosStamp(new Date());

  constructor(private readonly write: ChunkWriter) {}

  stored(name: string, bytes: Uint8Array): Promise<void> {
    return this.entry(name, bytes, bytes, 0);
  }

  async deflated(name: string, bytes: Uint8Array): Promise<void> {
    return this.entry(name, bytes, new Uint8Array(await deflateRawAsync(bytes)), 8);
  }

  private async entry(name: string, plain: Uint8Array, data: Uint8Array, method: 0 | 8): Promise<void> {
    let crc = 0;
    for (let at = 0; at < plain.byteLength; at += CRC_SLICE) {
      crc = crc32(plain.subarray(at, at + CRC_SLICE), crc);
      if (at + CRC_SLICE < plain.byteLength) await turn();
    }
    const entry: Entry = { name: Buffer.from(name, 'utf8'), method, crc, compressed: data.byteLength, size: plain.byteLength, offset: this.at };
    const header = Buffer.alloc(30 + entry.name.length);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0
    this.common(header, 6, entry);
    entry.name.copy(header, 30);
    this.entries.push(entry);
    await this.put(header);
    await this.put(data);
  }

  /** The fields a local header and a central directory record share, from "general purpose flags" on. */
  private common(b: Buffer, at: number, e: Entry): void {
    b.writeUInt16LE(/^[\x20-\x7e]*$/.test(e.name.toString('latin1')) ? 0 : 0x0800, at); // bit 11: the name is UTF-8
    b.writeUInt16LE(e.method, at + 2);
    b.writeUInt16LE(this.stamp.time, at + 4);
    b.writeUInt16LE(this.stamp.date, at + 6);
    b.writeUInt32LE(e.crc >>> 0, at + 8);
    b.writeUInt32LE(e.compressed, at + 12);
    b.writeUInt32LE(e.size, at + 16);
    b.writeUInt16LE(e.name.length, at + 20);
    b.writeUInt16LE(0, at + 22); // no extra field
  }

  /** The central directory and its end record. */
  async end(): Promise<void> {
    const start = this.at;
    const records = this.entries.map((e) => {
      const r = Buffer.alloc(46 + e.name.length);
      r.writeUInt32LE(0x02014b50, 0);
      r.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
      r.writeUInt16LE(20, 6);
      this.common(r, 8, e);
      // comment length, disk, internal and external attributes stay 0
      r.writeUInt32LE(e.offset, 42);
      e.name.copy(r, 46);
      return r;
    });
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.put(directory);
    await this.put(end);
  }

  private async put(bytes: Uint8Array): Promise<void> {
    if (this.at + bytes.byteLength > ZIP_LIMIT) throw new Error('the file would pass 4 GiB, more than a zip without ZIP64 holds');
    this.at += bytes.byteLength;
    await this.write(bytes);
  }
}
