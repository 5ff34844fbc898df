import { memo } from 'react';
import type { MatrixPlan } from '../../../../shared/explore/matrix';
import type { MatrixCellInfo, MatrixStatus } from '../../../../shared/ipc/contract';
import { cellPriceText, cellStateText } from './sheetModel';

/** Tiles shrink for a big matrix, so a 20 × 25 sheet still fits a screen's width in a few scrolls. */
const tileSize = (cells: number): number => (cells > 100 ? 112 : 168);

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
 * with its picture (or where it stands) and its price and time. A table, so each cell is read with its labels.
 */
export function ContactSheet({ plan, cells, status, onOpen, planned = false }: SheetProps) {
  const tile = tileSize(plan.cells.length);
  return (
    <div className="sheet-scroll">
      <table className="sheet" aria-label="Contact sheet">
        <thead>
          <tr>
            <td className="sheet-corner" />
            {plan.columns.map((col, c) => (
              <th key={c} scope="col" className="sheet-col" style={{ width: tile }}>
                {col.label.split(' · ').map((part, i) => (
                  <span key={i} className={i === 0 ? 'sheet-col-model' : undefined}>
                    {part}
                  </span>
                ))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plan.rows.map((row, r) => (
            <tr key={r}>
              <th scope="row" className="sheet-row" title={row.prompt}>
                <span>{row.label}</span>
              </th>
              {plan.columns.map((_, c) => {
                const index = r * plan.columns.length + c;
                const cell = cells[index];
                return <td key={c}>{cell && <SheetCell cell={cell} status={status} planned={planned} tile={tile} label={`${row.label}, ${plan.columns[c]!.label}`} onOpen={onOpen} />}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One cell; memoised, so a result arriving redraws its own cell and not the sheet's hundreds of others. */
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
