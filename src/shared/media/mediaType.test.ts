import { describe, expect, it } from 'vitest';
import { MEDIA_TYPES, sniffMediaType } from './mediaType';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const ftyp = (...brands: string[]) => bytes([0, 0, 0, 8 + 4 * (brands.length + 1)], 'ftyp', brands[0]!, [0, 0, 0, 0], ...brands.slice(1));

describe('sniffMediaType', () => {
  it('tells each kind the library keeps by its signature', () => {
    expect(sniffMediaType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe(MEDIA_TYPES.png);
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(MEDIA_TYPES.jpeg);
    expect(sniffMediaType(bytes('GIF89a', [1, 0]))).toBe(MEDIA_TYPES.gif);
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe(MEDIA_TYPES.webp);
    expect(sniffMediaType(bytes('II*', [0]))).toBe(MEDIA_TYPES.tiff);
    expect(sniffMediaType(ftyp('avif', 'mif1'))).toBe(MEDIA_TYPES.avif);
    expect(sniffMediaType(ftyp('heic', 'mif1'))).toBe(MEDIA_TYPES.heif);
    expect(sniffMediaType(ftyp('isom', 'iso2', 'avc1', 'mp41'))).toBe(MEDIA_TYPES.mp4);
  });

  it('knows nothing else, whatever it is called', () => {
    expect(sniffMediaType(bytes('<html><script>'))).toBeUndefined();
    expect(sniffMediaType(bytes('root:x:0:0:root:/root:/bin/bash'))).toBeUndefined();
    expect(sniffMediaType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(sniffMediaType(new Uint8Array())).toBeUndefined();
  });
});
