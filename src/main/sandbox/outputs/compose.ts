import { splitBoundingBoxes, BOX_SCALE, type BoundingBox } from '../../../shared/catalog/boundingBoxes';
import { drawLabel, GLYPH_HEIGHT, stampPlaceholder } from './font';
import { promptOf, referencesOf, type RenderJob } from './job';
import { drawPattern } from './pattern';
import sharp from 'sharp';
import { resizeRaster, strokeRect, type Raster } from './raster';
import { hashString, hueColor, mixSeed } from './random';

export interface Cell {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Reading-order grid of `count` cells inside a canvas, with a margin so the pattern shows between them. */
export function gridCells(count: number, width: number, height: number): Cell[] {
  const cols = Math.ceil(Math.sqrt(count * (width / height)));
  const columns = Math.max(1, Math.min(count, cols));
  const rows = Math.ceil(count / columns);
  const margin = Math.max(2, Math.round(Math.min(width, height) * 0.03));
  const cellW = Math.max(1, Math.floor((width - margin * (columns + 1)) / columns));
  const cellH = Math.max(1, Math.floor((height - margin * (rows + 1)) / rows));
  return Array.from({ length: count }, (_, i) => ({
    x: margin + (i % columns) * (cellW + margin),
    y: margin + Math.floor(i / columns) * (cellH + margin),
    width: cellW,
    height: cellH,
  }));
}

/**
 * Multi-reference and context endpoints: one reference is edited in place (the whole frame, with the
 * generated pattern laid over it); several are laid out in reading order on the generated background, so
 * a user can see every reference was used, and in which order. sharp does the compositing, off the event loop.
 */
export async function renderComposition(job: RenderJob): Promise<Raster> {
  const { width, height } = job.size;
  const split = job.endpoint.promptAppendix === 'bounding-boxes' ? splitBoundingBoxes(promptOf(job)) : { prompt: promptOf(job), boxes: [] };
  const background = await drawPattern(width, height, mixSeed(job.seed, split.prompt, job.endpoint.id));
  const references = referencesOf(job);
  let out: Raster = background;
  if (references.length === 1) {
    const photo = await resizeRaster(references[0]!, width, height, 'cover');
    const veil = await sharp(background.data, raw(background)).removeAlpha().ensureAlpha(0.25).raw().toBuffer();
    const data = await sharp(photo.data, raw(photo)).composite([{ input: veil, raw: raw(background).raw }]).ensureAlpha().raw().toBuffer();
    out = { width, height, data };
  } else if (references.length > 1) {
    const cells = gridCells(references.length, width, height);
    const layers = await Promise.all(
      references.map(async (ref, i) => {
        const cell = cells[i]!;
        const tile = await resizeRaster(ref, cell.width, cell.height, 'cover');
        return { input: tile.data, raw: raw(tile).raw, left: cell.x, top: cell.y };
      }),
    );
    const data = await sharp(background.data, raw(background)).composite(layers).ensureAlpha().raw().toBuffer();
    out = { width, height, data };
  }
  drawBoxes(out, split.boxes);
  stampPlaceholder(out, job.seed);
  return out;
}

const raw = (r: Raster) => ({ raw: { width: r.width, height: r.height, channels: 4 as const } });

/** Draws each bounding box of the prompt where it says, outlined in a colour of its label, with the label. */
function drawBoxes(out: Raster, boxes: readonly BoundingBox[]): void {
  const thickness = Math.max(2, Math.round(Math.min(out.width, out.height) / 200));
  const scale = Math.max(1, Math.floor(Math.min(out.width, out.height) / 256));
  for (const { label, box } of boxes) {
    const [x0, y0, x1, y1] = box.map((v) => Math.max(0, Math.min(BOX_SCALE, v)) / BOX_SCALE) as [number, number, number, number];
    const x = Math.round(Math.min(x0, x1) * out.width);
    const y = Math.round(Math.min(y0, y1) * out.height);
    const w = Math.max(thickness * 2, Math.round(Math.abs(x1 - x0) * out.width));
    const h = Math.max(thickness * 2, Math.round(Math.abs(y1 - y0) * out.height));
    const color = boxColor(label);
    strokeRect(out, x, y, w, h, color, thickness);
    if (h > (GLYPH_HEIGHT + 4) * scale + thickness * 2) drawLabel(out, label, x + thickness, y + thickness, scale, color);
  }
}

export const boxColor = (label: string) => hueColor((hashString(label) % 360) / 360, 0.9, 0.5);
