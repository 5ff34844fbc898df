import type { MatrixPlan } from '../../../../shared/explore/matrix';
import { useMemo } from 'react';
import type { MatrixCellInfo, MatrixQuote } from '../../../../shared/ipc/contract';
import { ContactSheet } from './ContactSheet';
import { useText } from '../../ui/i18n/textStore';

/** Before Generate: the planned sheet with each cell's expected price, or how to write a prompt with choices. */
export function PlanView({ plan, quote }: { plan: MatrixPlan | null; quote: MatrixQuote | null }) {
  const text = useText();
  const cells = useMemo<MatrixCellInfo[]>(
    () => plan?.cells.map((c) => ({ index: c.index, state: 'unsent', taskId: null, estimate: quote?.prices[c.index] ?? null, cost: null, seconds: null, resultId: null, thumbUrl: null, problem: null })) ?? [],
    [plan, quote],
  );
  if (!plan) {
    return (
      <div className="explore-empty">
        <h2>{text.t('explore.empty.title')}</h2>
        <p>{text.t('explore.empty.body')}</p>
      </div>
    );
  }
  return (
    <>
      <header className="explore-sheet-head">
        <div>
          <h2>{text.t('explore.plan.title')}</h2>
          <p>{text.t('explore.plan.body')}</p>
        </div>
      </header>
      <ContactSheet plan={plan} cells={cells} status="running" planned />
    </>
  );
}
