import type { MatrixPlan } from '../../../../shared/explore/matrix';
import { useMemo } from 'react';
import type { MatrixCellInfo, MatrixQuote } from '../../../../shared/ipc/contract';
import { ContactSheet } from './ContactSheet';

/** Before Generate: the planned sheet with each cell's expected price, or how to write a prompt with choices. */
export function PlanView({ plan, quote }: { plan: MatrixPlan | null; quote: MatrixQuote | null }) {
  const cells = useMemo<MatrixCellInfo[]>(
    () => plan?.cells.map((c) => ({ index: c.index, state: 'unsent', taskId: null, estimate: quote?.prices[c.index] ?? null, cost: null, seconds: null, resultId: null, thumbUrl: null, problem: null })) ?? [],
    [plan, quote],
  );
  if (!plan) {
    return (
      <div className="explore-empty">
        <h2>Write a prompt with choices</h2>
        <p>
          For example <q>a {'{red|blue|golden}'} fox in {'{snow|fog}'}</q> makes six rows. Pick models and seeds for the columns, and
          optionally one value to vary, such as guidance from 2 to 5.
        </p>
      </div>
    );
  }
  return (
    <>
      <header className="explore-sheet-head">
        <div>
          <h2>Plan</h2>
          <p>Each cell shows what it is expected to cost. Nothing is sent until you press Generate.</p>
        </div>
      </header>
      <ContactSheet plan={plan} cells={cells} status="running" planned />
    </>
  );
}
