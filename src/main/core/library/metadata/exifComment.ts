/**
 * The text of an EXIF `UserComment`, where A1111, Forge and the tools that follow them put their infotext in a
 * JPEG or WebP. sharp hands over the EXIF block but does not read its tags, so the one tag is found here: IFD0's
 * pointer to the Exif IFD (0x8769), then UserComment (0x9286), every offset checked against the block's end.
 * Its first 8 bytes name the character code: `UNICODE\0` is UTF-16 in the block's byte order (piexif, which
 * A1111 uses, and exiftool both write it so), `ASCII\0\0\0` and an undefined code are read as UTF-8.
 */
const EXIF_HEADER = 'Exif\0\0';
const EXIF_IFD_POINTER = 0x8769;
const USER_COMMENT = 0x9286;

export function exifUserComment(block: Uint8Array): string | undefined {
  const whole = Buffer.from(block.buffer, block.byteOffset, block.byteLength);
  const tiff = whole.toString('latin1', 0, 6) === EXIF_HEADER ? whole.subarray(6) : whole;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (at >= 0 && at + 2 <= tiff.length ? (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at)) : undefined);
  const u32 = (at: number) => (at >= 0 && at + 4 <= tiff.length ? (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at)) : undefined);
  /** The 12-byte entry of `tag` in the IFD at `ifd`, by its offset. */
  const entry = (ifd: number | undefined, tag: number): number | undefined => {
    const count = ifd === undefined ? undefined : u16(ifd);
    for (let i = 0; count !== undefined && i < count; i++) {
      const at = ifd! + 2 + i * 12;
      if (u16(at) === tag) return at;
    }
    return undefined;
  };
  const pointer = entry(u32(4), EXIF_IFD_POINTER);
  const comment = entry(pointer === undefined ? undefined : u32(pointer + 8), USER_COMMENT);
  const length = comment === undefined ? undefined : u32(comment + 4);
  if (comment === undefined || length === undefined || length <= 8) return undefined;
  const offset = length <= 4 ? comment + 8 : u32(comment + 8);
  if (offset === undefined || offset + length > tiff.length) return undefined;
  const bytes = tiff.subarray(offset, offset + length);
  const code = bytes.toString('latin1', 0, 8);
  const body = Buffer.from(bytes.subarray(8));
  let text: string;
  if (code === 'UNICODE\0') text = (little ? body : body.swap16()).toString('utf16le', 0, body.length - (body.length % 2));
  else if (code === 'ASCII\0\0\0' || code === '\0\0\0\0\0\0\0\0') text = body.toString('utf8');
  else return undefined;
  return text.replace(/\0+$/, '');
}
