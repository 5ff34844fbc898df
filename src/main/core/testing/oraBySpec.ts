import { unzipSync } from 'fflate';

/** OpenRaster read from its spec: the zip's first entry, stack.xml's layers (topmost first) and their PNGs. */
export function readOraBySpec(bytes: Uint8Array) {
  const firstName = new TextDecoder().decode(bytes.subarray(30, 30 + new DataView(bytes.buffer, bytes.byteOffset).getUint16(26, true)));
  const firstMethod = new DataView(bytes.buffer, bytes.byteOffset).getUint16(8, true);
  const files = unzipSync(bytes);
  const xml = new TextDecoder().decode(files['stack.xml']);
  const image = /<image[^>]*\sw="(\d+)"[^>]*\sh="(\d+)"/.exec(xml)!;
  const layers = [...xml.matchAll(/<layer\s([^>]*)\/>/g)].map((m) => {
    const attr = (n: string) => new RegExp(`\\s?${n}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    return { name: attr('name').replace(/&amp;/g, '&'), src: attr('src'), x: Number(attr('x')), y: Number(attr('y')), visibility: attr('visibility') };
  });
  const stacks = [...xml.matchAll(/<stack\s+name="([^"]*)"[^>]*visibility="(\w+)"/g)].map((m) => ({ name: m[1], visibility: m[2] }));
  return { firstName, firstMethod, files, width: Number(image[1]), height: Number(image[2]), layers, stacks };
}
