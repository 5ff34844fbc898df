import { memo, type CSSProperties } from 'react';
import type { MatrixPlan } from '../../../../shared/explore/matrix';
import type { MatrixCellInfo, MatrixStatus } from '../../../../shared/ipc/contract';
import type { AppText } from '../../../../shared/i18n/text';
import { useText } from '../../ui/i18n/textStore';
import { cellPriceText, cellStateText } from './sheetModel';
import { say } from '../../../../shared/i18n/say';

/** Tiles shrink for a big matrix, so a 20 × 25 sheet still fits a screen's width in a few scrolls. */
const tileSize = (cells: number): number => (cells > 100 ? 112 : 168);

/** A column's label after its model, each part a whole phrase: the varied value ("guidance 3"), the seed ("seed 42"). */
function columnParts(plan: MatrixPlan, col: MatrixPlan['columns'][number], text: AppText): string[] {
  const parts: string[] = [];
  if (plan.sweepField && col.sweepValue !== null) parts.push(text.t('explore.sheet.sweep', { field: text.t('explore.field', { field: plan.sweepField }), value: text.number(col.sweepValue) }));
  if (plan.manySeeds && col.seed !== null) parts.push(text.t('explore.sheet.seed', { seed: String(col.seed) }));
  return parts;
}

/** The row labels' column: as wide as the longest label, up to 180 px (a longer one is cut, its prompt in its title). */
const labelWidth = (plan: MatrixPlan): string => `min(180px, ${Math.max(4, ...plan.rows.map((r) => r.label.length)) * 0.62 + 1}em)`;

interface SheetProps {
  readonly plan: MatrixPlan;
  readonly cells: readonly MatrixCellInfo[];
  readonly status: MatrixStatus;
  readonly onOpen?: (cell: MatrixCellInfo) => void;
  /** the plan before Generate: cells say only what they are expected to cost */
  readonly planned?: boolean;
}

/**
 * The contact sheet: one row per reading of the prompt, one column per model, swept value and seed, every cell
 * with its picture (or where it stands) and its price and time. A table to assistive technology, so each cell is
 * read with its labels; laid out as rows of fixed tracks rather than an HTML table, because a table lays itself out
 * again whole when one cell changes, and a 500-cell sheet filling at full speed changes several cells a frame.
 * Each row is its own box, drawn only near the screen (`content-visibility`), and redrawn only when its cells change.
 */
export function ContactSheet({ plan, cells, status, onOpen, planned = false }: SheetProps) {
  const text = useText();
  const tile = tileSize(plan.cells.length);
  const style = { '--sheet-tile': `${tile}px`, '--sheet-cols': plan.columns.length, '--sheet-label': labelWidth(plan) } as CSSProperties;
  return (
    // Focusable, so a sheet of cells that are not buttons (the plan, one still filling) scrolls from the keyboard.
    <div className="sheet-scroll" role="region" aria-label={text.t('explore.sheet.scroll')} tabIndex={0}>
      <div className="sheet" role="table" aria-label={text.t('explore.sheet.name')} aria-rowcount={plan.rows.length + 1} aria-colcount={plan.columns.length + 1} style={style}>
        <div role="rowgroup" className="sheet-head">
          <div role="row" className="sheet-line">
            <div role="cell" className="sheet-corner" />
            {plan.columns.map((col, c) => (
              <div key={c} role="columnheader" className="sheet-col">
                <span className="sheet-col-model" translate="no">
                  {col.modelTitle}
                </span>
                {columnParts(plan, col, text).map((part, i) => (
                  <span key={i}>{part}</span>
                ))}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="sheet-body">
          {plan.rows.map((row, r) => (
            <SheetLine key={r} plan={plan} r={r} cells={cells} status={status} planned={planned} tile={tile} onOpen={onOpen} text={text} />
          ))}
        </div>
      </div>
    </div>
  );
}

interface LineProps {
  readonly plan: MatrixPlan;
  readonly r: number;
  readonly cells: readonly MatrixCellInfo[];
  readonly status: MatrixStatus;
  readonly planned: boolean;
  readonly tile: number;
  readonly onOpen: ((cell: MatrixCellInfo) => void) | undefined;
  readonly text: AppText;
}

/** Whether a row shows the same: its own cells unchanged (the sheet's array is new whenever any cell moves on). */
export function sameLine(a: LineProps, b: LineProps): boolean {
  if (a.plan !== b.plan || a.r !== b.r || a.status !== b.status || a.planned !== b.planned || a.tile !== b.tile || a.onOpen !== b.onOpen || a.text !== b.text) return false;
  const cols = a.plan.columns.length;
  for (let i = a.r * cols; i < (a.r + 1) * cols; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}

/** One reading of the prompt across the columns. */
const SheetLine = memo(function SheetLine({ plan, r, cells, status, planned, tile, onOpen, text }: LineProps) {
  const row = plan.rows[r]!;
  return (
    <div role="row" className="sheet-line" aria-rowindex={r + 2}>
      <div role="rowheader" className="sheet-row" title={row.prompt} translate="no">
        <span>{row.label}</span>
      </div>
      {plan.columns.map((col, c) => {
        const cell = cells[r * plan.columns.length + c];
        return (
          <div key={c} role="cell" className="sheet-slot">
            {cell && <SheetCell cell={cell} status={status} planned={planned} tile={tile} row={row.label} column={[col.modelTitle, ...columnParts(plan, col, text)].join(' · ')} onOpen={onOpen} text={text} />}
          </div>
        );
      })}
    </div>
  );
}, sameLine);

/** One cell; memoised, so a result arriving redraws its own cell and not its row's others. */
interface CellProps {
  readonly cell: MatrixCellInfo;
  readonly status: MatrixStatus;
  readonly planned: boolean;
  readonly tile: number;
  readonly row: string;
  readonly column: string;
  readonly onOpen: ((cell: MatrixCellInfo) => void) | undefined;
  readonly text: AppText;
}

const SheetCell = memo(function SheetCell({ cell, status, planned, tile, row, column, onOpen, text }: CellProps) {
  const state = planned ? text.t('explore.cell.state', { state: 'planned' }) : cellStateText(cell, status, text);
  const price = cellPriceText(cell, text);
  const body = (
    <>
      <span className="sheet-thumb" style={{ width: tile, height: tile }}>
        {cell.thumbUrl ? <img src={cell.thumbUrl} alt="" loading="lazy" decoding="async" draggable={false} /> : <span className={`sheet-state state-${cell.state}`}>{state}</span>}
      </span>
      <span className="sheet-price">{price}</span>
    </>
  );
  const problem = say(text, cell.problemWords, cell.problem);
  const name = problem ? text.t('explore.cell.nameProblem', { row, column, state, price, problem }) : text.t('explore.cell.name', { row, column, state, price });
  if (cell.resultId && onOpen) {
    return (
      <button type="button" className="sheet-cell" aria-label={name} onClick={() => onOpen(cell)}>
        {body}
      </button>
    );
  }
  return (
    <div className="sheet-cell" role="img" aria-label={name} title={problem ?? undefined}>
      {body}
    </div>
  );
});
