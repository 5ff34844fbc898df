import { unescapeXml } from '../text/xmlText';

/**
 * Reading OpenRaster's stack.xml: only the two elements the baseline spec defines (`stack`, `layer`) and their
 * attributes, nested stacks flattened into their layers (a hidden stack hides its layers). No XML library: the
 * file is small and regular, and anything unexpected is skipped, never trusted.
 */
export interface OraLayerEntry {
  readonly name: string;
  readonly src: string;
  readonly x: number;
  readonly y: number;
  readonly hidden: boolean;
}

export interface OraStack {
  readonly width: number;
  readonly height: number;
  /** bottom first (stack.xml lists the topmost first) */
  readonly layers: readonly OraLayerEntry[];
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) found.set(m[1]!, unescapeXml(m[3] ?? m[4] ?? ''));
  return found;
}

const int = (v: string | undefined) => (v !== undefined && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : 0);

/** Null when there is no `<image w h>` with a size. */
export function parseStackXml(xml: string): OraStack | null {
  const image = /<image\b([^>]*)>/.exec(xml);
  if (!image) return null;
  const imageAttrs = attributes(image[1]!);
  const width = int(imageAttrs.get('w'));
  const height = int(imageAttrs.get('h'));
  if (width < 1 || height < 1) return null;
  const topFirst: OraLayerEntry[] = [];
  // Each open stack's visibility and offset; a layer is hidden when it or any stack around it is.
  const open: Array<{ hidden: boolean; x: number; y: number }> = [];
  for (const m of xml.slice(image.index).matchAll(/<(\/?)(stack|layer)\b([^>]*?)(\/?)>/g)) {
    const [, closing, element, rest, selfClosing] = m;
    if (closing) {
      if (element === 'stack') open.pop();
      continue;
    }
    const a = attributes(rest!);
    const hidden = a.get('visibility') === 'hidden' || open.some((s) => s.hidden);
    const x = int(a.get('x')) + open.reduce((sum, s) => sum + s.x, 0);
    const y = int(a.get('y')) + open.reduce((sum, s) => sum + s.y, 0);
    if (element === 'stack') {
      if (!selfClosing) open.push({ hidden: a.get('visibility') === 'hidden', x: int(a.get('x')), y: int(a.get('y')) });
      continue;
    }
    const src = a.get('src');
    if (src) topFirst.push({ name: a.get('name') ?? src, src, x, y, hidden });
  }
  return { width, height, layers: topFirst.reverse() };
}
