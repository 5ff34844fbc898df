/** Text in and out of XML attributes and elements (XMP packets, OpenRaster's stack.xml, SVG labels). */
export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#x([0-9a-f]+)|#(\d+));/gi, (_, name: string, hex?: string, dec?: string) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (dec) return String.fromCodePoint(Number(dec));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name.toLowerCase()] ?? '';
  });
