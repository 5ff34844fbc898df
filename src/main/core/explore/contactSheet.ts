import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { MatrixPlan } from '../../../shared/explore/matrix';
import type { MatrixInfo } from '../../../shared/ipc/contract';
import { pngTextChunk, withPngText } from '../library/metadata/containers';

/** The PNG text keyword the matrix is filed under; another tool (or Gen Studio) reads it back from there. */
export const MATRIX_KEYWORD = 'GenStudioMatrix';

const PAD = 12;
const ROW_LABEL_WIDTH = 220;
const HEADER_HEIGHT = 72;
const CAPTION_HEIGHT = 22;
const TITLE_HEIGHT = 40;
const INK = '#1d2026';
const MUTED = '#5b6170';
const PAPER = '#ffffff';
const EMPTY = '#e9ebf0';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const credits = (n: number) => `${Math.round(n * 100) / 100}`;

/** What each cell's caption says: what it cost (or was estimated at) and how long it took, or why it is empty. */
function cellCaption(cell: MatrixInfo['cells'][number]): string {
  if (cell.state === 'done') {
    const price = cell.cost !== null ? `${credits(cell.cost)} credits` : 'price not known';
    return cell.seconds !== null ? `${price} · ${cell.seconds.toFixed(1)} s` : price;
  }
  if (cell.state === 'moderated') return 'moderated';
  if (cell.state === 'failed' || cell.state === 'outcome-unknown') return 'failed';
  if (cell.state === 'cancelled') return 'cancelled';
  if (cell.state === 'unsent') return 'not sent';
  return 'not finished';
}

/**
 * The contact sheet as one PNG: the prompt on top, columns labelled with model, value and seed, rows with the
 * prompt's alternatives, every cell with its caption; the matrix itself (spec, rows, columns, each cell's
 * result and price) in an iTXt chunk. The labels are SVG text drawn by sharp (librsvg), not a font of our own.
 */
export async function renderContactSheet(info: MatrixInfo, plan: MatrixPlan, fileOf: (resultId: string) => string | null): Promise<Buffer> {
  const tile = plan.cells.length > 100 ? 128 : 256;
  const colWidth = tile + PAD;
  const rowHeight = tile + CAPTION_HEIGHT + PAD;
  const width = PAD + ROW_LABEL_WIDTH + plan.columns.length * colWidth + PAD;
  const height = TITLE_HEIGHT + HEADER_HEIGHT + plan.rows.length * rowHeight + PAD;
  const gridLeft = PAD + ROW_LABEL_WIDTH;
  const gridTop = TITLE_HEIGHT + HEADER_HEIGHT;
  const chars = Math.floor(tile / 7);

  const texts: string[] = [];
  texts.push(`<text x="${PAD}" y="26" font-size="18" font-weight="bold" fill="${INK}">${escapeXml(clip(info.spec.prompt, 160))}</text>`);
  plan.columns.forEach((col, c) => {
    const x = gridLeft + c * colWidth;
    const lines = col.label.split(' · ');
    lines.slice(0, 3).forEach((line, i) => {
      texts.push(`<text x="${x}" y="${TITLE_HEIGHT + 18 + i * 17}" font-size="14" ${i === 0 ? 'font-weight="bold"' : ''} fill="${i === 0 ? INK : MUTED}">${escapeXml(clip(line, chars))}</text>`);
    });
  });
  plan.rows.forEach((row, r) => {
    const y = gridTop + r * rowHeight;
    texts.push(`<text x="${PAD}" y="${y + 18}" font-size="15" font-weight="bold" fill="${INK}">${escapeXml(clip(row.label, 28))}</text>`);
  });
  const rects: string[] = [];
  for (const cell of info.cells) {
    const pos = plan.cells[cell.index]!;
    const x = gridLeft + pos.column * colWidth;
    const y = gridTop + pos.row * rowHeight;
    if (cell.state !== 'done') rects.push(`<rect x="${x}" y="${y}" width="${tile}" height="${tile}" fill="${EMPTY}"/>`);
    texts.push(`<text x="${x}" y="${y + tile + 16}" font-size="12" fill="${MUTED}">${escapeXml(cellCaption(cell))}</text>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Arial, sans-serif">${rects.join('')}${texts.join('')}</svg>`;

  const tiles: Array<{ input: Buffer; left: number; top: number }> = [];
  for (const cell of info.cells) {
    if (cell.state !== 'done' || !cell.resultId) continue;
    const file = fileOf(cell.resultId);
    if (!file) continue;
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) continue;
    const pos = plan.cells[cell.index]!;
    const input = await sharp(bytes).resize(tile, tile, { fit: 'contain', background: PAPER }).png().toBuffer();
    tiles.push({ input, left: gridLeft + pos.column * colWidth, top: gridTop + pos.row * rowHeight });
  }
  const png = await sharp({ create: { width, height, channels: 3, background: PAPER } })
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }, ...tiles])
    .png()
    .toBuffer();
  return withPngText(png, [pngTextChunk(MATRIX_KEYWORD, JSON.stringify(sheetMetadata(info, plan)), true)]);
}

/** The matrix as filed in the sheet: enough to read it and to run it again. */
function sheetMetadata(info: MatrixInfo, plan: MatrixPlan) {
  return {
    app: 'Gen Studio',
    kind: 'prompt-matrix',
    name: info.name,
    spec: info.spec,
    rows: plan.rows.map((r) => r.label),
    columns: plan.columns.map((c) => c.label),
    cells: info.cells.map((cell) => {
      const p = plan.cells[cell.index]!;
      return { row: p.row, column: p.column, model: p.endpointId, params: p.params, state: cell.state, resultId: cell.resultId, cost: cell.cost, seconds: cell.seconds };
    }),
  };
}
