import type { BoundingBox } from '../../../shared/canvas/document';
import { escapeXml } from '../../../shared/text/xmlText';
import type { LayeredDocument, PixelLayer } from '../../../shared/layers/layeredDocument';
import { filePicture, type LayerPicture, maskPicture, type MaskPicture, type PictureBytes, stackPicture, svgPicture } from './layerPicture';

/** A picture to become a layer: its file's bytes (any format sharp reads) and its name in the artist's words. */
export interface SourcePicture {
  readonly name: string;
  readonly bytes: PictureBytes;
  /** its own place in the document (a result that fills an expansion's frame); otherwise it sits at the frame's offset */
  readonly at?: { readonly left: number; readonly top: number };
}

/**
 * What a layered file is made of, before any pixel is decoded: the pictures bottom first (the original, each
 * accepted version, the one shown now last), the mask PNG at the size of the picture it was painted on (the
 * last of `pictures`), the frame, the reference board and the boxes.
 */
export interface LayerSources {
  readonly pictures: readonly SourcePicture[];
  /** the expansion or outpainting frame: the document's size and where the pictures sit in it */
  readonly frame: { readonly width: number; readonly height: number; readonly offsetX: number; readonly offsetY: number } | null;
  readonly mask: Uint8Array | null;
  readonly references: readonly SourcePicture[];
  /** in picture pixels (moved by the frame's offset) */
  readonly boxes: readonly BoundingBox[];
  readonly metadata: LayeredDocument<LayerPicture, MaskPicture>['metadata'];
}

/** A layered file planned: every layer's place and name, its pixels got only when the writer comes to it. */
export type LayeredPlan = LayeredDocument<LayerPicture, MaskPicture>;
export type PlannedLayer = PixelLayer<LayerPicture, MaskPicture>;

export const MASK_LAYER = 'Mask (white = change)';
export const REFERENCES_GROUP = 'References';
export const BOXES_LAYER = 'Boxes';

/**
 * The boxes as outlines with their labels above them, drawn by sharp's SVG renderer on a transparent layer that
 * covers only what is drawn (with room for the stroke and the label, a label counted at most one em a character),
 * at its offset in the document, as Photoshop keeps a layer to its content: drawn at the document's size, a few
 * outlines cost a 4096² render and its four channels, about a tenth of a large project's export.
 */
function boxesLayer(width: number, height: number, boxes: readonly BoundingBox[], dx: number, dy: number): PlannedLayer {
  const font = Math.max(14, Math.round(Math.min(width, height) / 60));
  const stroke = Math.max(2, font / 6);
  let [x0, y0, x1, y1] = [width, height, 0, 0];
  const shapes = boxes
    .map((b) => {
      const x = b.x + dx;
      const y = b.y + dy;
      const labelY = y - font * 0.4 > font ? y - font * 0.4 : y + font * 1.1;
      // the outline's stroke on both sides, the label's ascent above its baseline and descent below, its outline
      x0 = Math.min(x0, x - stroke);
      y0 = Math.min(y0, y - stroke, labelY - font * 1.2);
      x1 = Math.max(x1, x + b.width + stroke, x + 2 + (b.label.length + 1) * font);
      y1 = Math.max(y1, y + b.height + stroke, labelY + font * 0.5);
      return (
        `<rect x="${x}" y="${y}" width="${b.width}" height="${b.height}" fill="none" stroke="#ffcc00" stroke-width="${stroke}"/>` +
        `<text x="${x + 2}" y="${labelY}" font-family="sans-serif" font-size="${font}" fill="#ffcc00" stroke="#000" stroke-width="${font / 10}" paint-order="stroke">${escapeXml(b.label)}</text>`
      );
    })
    .join('');
  const left = Math.max(0, Math.min(width - 1, Math.floor(x0)));
  const top = Math.max(0, Math.min(height - 1, Math.floor(y0)));
  const w = Math.max(1, Math.min(width, Math.ceil(x1)) - left);
  const h = Math.max(1, Math.min(height, Math.ceil(y1)) - top);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><g transform="translate(${-left} ${-top})">${shapes}</g></svg>`;
  return { kind: 'pixels', name: BOXES_LAYER, left, top, hidden: true, pixels: svgPicture(w, h, svg) };
}

/** Each source's size read from its header, in turn. */
async function pictures(sources: readonly SourcePicture[]): Promise<LayerPicture[]> {
  const read: LayerPicture[] = [];
  for (const s of sources) read.push(await filePicture(s.bytes));
  return read;
}

/**
 * Plans the layered document: the pictures visible and stacked at the frame's offset, the top one carrying the
 * mask (switched off, so the composite is the picture shown now), the mask again as a hidden grey layer, the
 * references as a hidden group at the top left and the boxes as a hidden layer. Only the pictures' sizes are
 * read here; their pixels are decoded one layer at a time as the file is written.
 */
export async function buildLayered(s: LayerSources): Promise<LayeredPlan> {
  if (s.pictures.length === 0) throw new Error('a layered file needs at least one picture');
  const dx = Math.max(0, s.frame?.offsetX ?? 0);
  const dy = Math.max(0, s.frame?.offsetY ?? 0);
  const shown = await pictures(s.pictures);
  const at = s.pictures.map((p) => p.at ?? { left: dx, top: dy });
  const width = Math.max(s.frame?.width ?? 0, ...shown.map((p, i) => p.width + at[i]!.left));
  const height = Math.max(s.frame?.height ?? 0, ...shown.map((p, i) => p.height + at[i]!.top));
  const mask = s.mask ? await maskPicture(s.mask) : null;

  const layers: PlannedLayer[] = shown.map((pixels, i) => ({ kind: 'pixels', name: s.pictures[i]!.name, ...at[i]!, hidden: false, pixels }));
  const top = layers.length - 1;
  if (mask) layers[top] = { ...layers[top]!, mask, maskEnabled: false };
  const composite = await stackPicture(width, height, layers);
  if (mask) layers.push({ kind: 'pixels', name: MASK_LAYER, ...at[top]!, hidden: true, pixels: mask });
  const references = (await pictures(s.references)).map((pixels, i): PlannedLayer => ({ kind: 'pixels', name: s.references[i]!.name, left: 0, top: 0, hidden: false, pixels }));
  const boxes = s.boxes.length > 0 ? [boxesLayer(width, height, s.boxes, dx, dy)] : [];
  return {
    width,
    height,
    layers: [...layers, ...(references.length > 0 ? [{ kind: 'group' as const, name: REFERENCES_GROUP, hidden: true, children: references }] : []), ...boxes],
    composite,
    metadata: s.metadata,
  };
}
