import { memo, type CSSProperties } from 'react';
import type { MatrixPlan } from '../../../../shared/explore/matrix';
import type { MatrixCellInfo, MatrixStatus } from '../../../../shared/ipc/contract';
import { cellPriceText, cellStateText } from './sheetModel';

/** Tiles shrink for a big matrix, so a 20 × 25 sheet still fits a screen's width in a few scrolls. */
const tileSize = (cells: number): number => (cells > 100 ? 112 : 168);

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
  const tile = tileSize(plan.cells.length);
  const style = { '--sheet-tile': `${tile}px`, '--sheet-cols': plan.columns.length, '--sheet-label': labelWidth(plan) } as CSSProperties;
  return (
    // Focusable, so a sheet of cells that are not buttons (the plan, one still filling) scrolls from the keyboard.
    <div className="sheet-scroll" role="region" aria-label="Scrollable sheet" tabIndex={0}>
      <div className="sheet" role="table" aria-label="Contact sheet" aria-rowcount={plan.rows.length + 1} aria-colcount={plan.columns.length + 1} style={style}>
        <div role="rowgroup" className="sheet-head">
          <div role="row" className="sheet-line">
            <div role="cell" className="sheet-corner" />
            {plan.columns.map((col, c) => (
              <div key={c} role="columnheader" className="sheet-col">
                {col.label.split(' · ').map((part, i) => (
                  <span key={i} className={i === 0 ? 'sheet-col-model' : undefined}>
                    {part}
                  </span>
                ))}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="sheet-body">
          {plan.rows.map((row, r) => (
            <SheetLine key={r} plan={plan} r={r} cells={cells} status={status} planned={planned} tile={tile} onOpen={onOpen} />
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
}

/** Whether a row shows the same: its own cells unchanged (the sheet's array is new whenever any cell moves on). */
export function sameLine(a: LineProps, b: LineProps): boolean {
  if (a.plan !== b.plan || a.r !== b.r || a.status !== b.status || a.planned !== b.planned || a.tile !== b.tile || a.onOpen !== b.onOpen) return false;
  const cols = a.plan.columns.length;
  for (let i = a.r * cols; i < (a.r + 1) * cols; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}

/** One reading of the prompt across the columns. */
const SheetLine = memo(function SheetLine({ plan, r, cells, status, planned, tile, onOpen }: LineProps) {
  const row = plan.rows[r]!;
  return (
    <div role="row" className="sheet-line" aria-rowindex={r + 2}>
      <div role="rowheader" className="sheet-row" title={row.prompt}>
        <span>{row.label}</span>
      </div>
      {plan.columns.map((col, c) => {
        const cell = cells[r * plan.columns.length + c];
        return (
          <div key={c} role="cell" className="sheet-slot">
            {cell && <SheetCell cell={cell} status={status} planned={planned} tile={tile} label={`${row.label}, ${col.label}`} onOpen={onOpen} />}
          </div>
        );
      })}
    </div>
  );
}, sameLine);

/** One cell; memoised, so a result arriving redraws its own cell and not its row's others. */
const SheetCell = memo(function SheetCell({ cell, status, planned, tile, label, onOpen }: { cell: MatrixCellInfo; status: MatrixStatus; planned: boolean; tile: number; label: string; onOpen: ((cell: MatrixCellInfo) => void) | undefined }) {
  const state = planned ? 'Planned' : cellStateText(cell, status);
  const price = cellPriceText(cell);
  const body = (
    <>
      <span className="sheet-thumb" style={{ width: tile, height: tile }}>
        {cell.thumbUrl ? <img src={cell.thumbUrl} alt="" loading="lazy" decoding="async" draggable={false} /> : <span className={`sheet-state state-${cell.state}`}>{state}</span>}
      </span>
      <span className="sheet-price">{price}</span>
    </>
  );
  const name = `${label}: ${state}, ${price}${cell.problem ? `. ${cell.problem}` : ''}`;
  if (cell.resultId && onOpen) {
    return (
      <button type="button" className="sheet-cell" aria-label={name} onClick={() => onOpen(cell)}>
        {body}
      </button>
    );
  }
  return (
    <div className="sheet-cell" role="img" aria-label={name} title={cell.problem ?? undefined}>
      {body}
    </div>
  );
});
