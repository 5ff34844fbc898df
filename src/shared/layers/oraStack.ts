import { escapeXml } from '../text/xmlText';
import type { LayerEntry, LayeredDocument } from './layeredDocument';

/**
 * OpenRaster's stack.xml (https://www.openraster.org/baseline/file-layout-spec.html): the first child of a stack
 * is the TOPMOST layer, so the document's bottom-first list is written reversed. Each pixel layer names its PNG
 * in the zip by `src`, which `layerSrc` gives from its place in `flatLayers` order.
 */
const ORA_VERSION = '0.0.5';

export const layerSrc = (index: number) => `data/layer${String(index).padStart(3, '0')}.png`;

export function stackXml(doc: LayeredDocument<unknown, unknown>): string {
  let next = 0;
  const visibility = (hidden: boolean) => (hidden ? 'hidden' : 'visible');
  const srcOf = new Map<object, string>();
  for (const l of doc.layers) for (const p of l.kind === 'group' ? l.children : [l]) srcOf.set(p, layerSrc(next++));
  const write = (l: LayerEntry<unknown, unknown>, indent: string): string => {
    if (l.kind === 'group') {
      const inner = [...l.children].reverse().map((c) => write(c, `${indent}  `)).join('');
      return `${indent}<stack name="${escapeXml(l.name)}" visibility="${visibility(l.hidden)}" isolation="isolate">\n${inner}${indent}</stack>\n`;
    }
    return `${indent}<layer name="${escapeXml(l.name)}" src="${srcOf.get(l)!}" x="${l.left}" y="${l.top}" visibility="${visibility(l.hidden)}" opacity="1.0" composite-op="svg:src-over"/>\n`;
  };
  const body = [...doc.layers].reverse().map((l) => write(l, '    ')).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<image version="${ORA_VERSION}" w="${doc.width}" h="${doc.height}" xres="72" yres="72">\n` +
    `  <stack>\n${body}  </stack>\n</image>\n`
  );
}
