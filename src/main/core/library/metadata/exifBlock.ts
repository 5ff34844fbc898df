/**
 * Writes the EXIF block (a TIFF structure, big-endian) that goes into our JPEG and WebP files. Written by hand
 * because the libraries at hand cannot write what the file must hold:
 * - sharp's `withExif` (libvips, libexif) writes `UserComment` as ASCII only: every letter outside it becomes
 *   `?`, so a prompt like `東京の夜` is lost; EXIF says such text goes in with the `UNICODE` character code
 *   in UTF-16, which is what A1111 and its readers (piexif) write and read.
 * - libvips also writes a resolution nobody chose (25.4 dpi), and a carrier's pixel size (1×1) when the block
 *   is made apart from the picture, which it must be to leave the picture's bytes alone.
 * - piexifjs, the other writer, is unmaintained and works on binary strings.
 * A TIFF directory is a small, fixed layout (TIFF 6.0 §2, EXIF 2.32 §4.6), so it is written here in full, with
 * the tags exiftool's validation asks of a JPEG: IFD0 resolution and YCbCrPositioning; ExifIFD version,
 * components, Flashpix version, colour space and pixel size.
 */

const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;
const UNDEFINED = 7;

interface Tag {
  readonly id: number;
  readonly type: number;
  /** the value's bytes, already in big-endian order */
  readonly value: Buffer;
  readonly count: number;
}

const TYPE_SIZE: Readonly<Record<number, number>> = { [ASCII]: 1, [SHORT]: 2, [LONG]: 4, [RATIONAL]: 8, [UNDEFINED]: 1 };

function ascii(id: number, text: string): Tag {
  const value = Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
  return { id, type: ASCII, value, count: value.length };
}

function short(id: number, n: number): Tag {
  const value = Buffer.alloc(2);
  value.writeUInt16BE(n);
  return { id, type: SHORT, value, count: 1 };
}

function long(id: number, n: number): Tag {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(n);
  return { id, type: LONG, value, count: 1 };
}

function rational(id: number, numerator: number, denominator: number): Tag {
  const value = Buffer.alloc(8);
  value.writeUInt32BE(numerator, 0);
  value.writeUInt32BE(denominator, 4);
  return { id, type: RATIONAL, value, count: 1 };
}

function undefinedBytes(id: number, value: Buffer): Tag {
  return { id, type: UNDEFINED, value, count: value.length };
}

/** UserComment: the 8-byte character code, then the text; UTF-16 in the file's byte order (big-endian here). */
function userCommentBytes(text: string): Buffer {
  const utf16 = Buffer.from(text, 'utf16le');
  utf16.swap16();
  return Buffer.concat([Buffer.from('UNICODE\0', 'latin1'), utf16]);
}

/**
 * One IFD at `start` (an offset from the TIFF header): entries, the next-IFD offset, then the values that do not
 * fit in four bytes. `pointer` tags get their value once the IFD they point to is placed.
 */
function ifd(tags: readonly Tag[], start: number): Buffer {
  const sorted = [...tags].sort((a, b) => a.id - b.id);
  const tableSize = 2 + sorted.length * 12 + 4;
  const table = Buffer.alloc(tableSize);
  const values: Buffer[] = [];
  let dataAt = start + tableSize;
  table.writeUInt16BE(sorted.length, 0);
  sorted.forEach((tag, i) => {
    const at = 2 + i * 12;
    table.writeUInt16BE(tag.id, at);
    table.writeUInt16BE(tag.type, at + 2);
    table.writeUInt32BE(tag.count, at + 4);
    const size = tag.count * TYPE_SIZE[tag.type]!;
    if (size <= 4) {
      tag.value.copy(table, at + 8);
    } else {
      table.writeUInt32BE(dataAt, at + 8);
      // values start on a word boundary
      const padded = size % 2 ? Buffer.concat([tag.value, Buffer.from([0])]) : tag.value;
      values.push(padded);
      dataAt += padded.length;
    }
  });
  table.writeUInt32BE(0, tableSize - 4);
  return Buffer.concat([table, ...values]);
}

export interface ExifFacts {
  /** the picture's pixel size (the one in the file, after any orientation is applied by the reader) */
  readonly width: number;
  readonly height: number;
  readonly description: string | null;
  readonly userComment: string;
  readonly software: string;
  /** the EXIF orientation the picture had (kept so it still shows upright); left out when 1 or unknown */
  readonly orientation: number | null;
  /** true when the pixels are sRGB (no other colour profile in the file) */
  readonly srgb: boolean;
}

const IFD0_EXIF_POINTER = 0x8769;

/** The EXIF block, without the `Exif\0\0` header a JPEG puts before it (WebP and PNG take it as it is). */
export function exifBlock(f: ExifFacts): Buffer {
  const ifd0Tags: Tag[] = [
    ...(f.description ? [ascii(0x010e, f.description)] : []),
    ...(f.orientation !== null && f.orientation >= 2 && f.orientation <= 8 ? [short(0x0112, f.orientation)] : []),
    // A generated picture has no print size: 1:1 in no unit (TIFF ResolutionUnit 1) says square pixels and
    // nothing more, where libvips would claim 25.4 or 72 dpi.
    rational(0x011a, 1, 1),
    rational(0x011b, 1, 1),
    short(0x0128, 1),
    ascii(0x0131, f.software),
    // centred chroma: what libjpeg and libwebp encode
    short(0x0213, 1),
  ];
  const exifTags: Tag[] = [
    undefinedBytes(0x9000, Buffer.from('0232', 'latin1')),
    undefinedBytes(0x9101, Buffer.from([1, 2, 3, 0])),
    undefinedBytes(0x9286, userCommentBytes(f.userComment)),
    undefinedBytes(0xa000, Buffer.from('0100', 'latin1')),
    short(0xa001, f.srgb ? 1 : 0xffff),
    long(0xa002, f.width),
    long(0xa003, f.height),
  ];
  const header = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]);
  // IFD0's size does not depend on the pointer's value, so it is laid out once to learn where ExifIFD starts.
  const withPointer = (at: number) => ifd([...ifd0Tags, long(IFD0_EXIF_POINTER, at)], 8);
  const exifAt = 8 + withPointer(0).length;
  return Buffer.concat([header, withPointer(exifAt), ifd(exifTags, exifAt)]);
}
