import { useEffect, useState } from 'react';
import type { PlanResult, MatrixSpec } from '../../../../shared/explore/matrix';
import type { MatrixQuote } from '../../../../shared/ipc/contract';
import { gen } from '../../api';

/**
 * What main prices the draft's plan at, or null while it is being asked. What was spent moves the prices and
 * the caps' room, so the plan is priced again when spending changes; a quote shows only for the plan it priced.
 */
export function useMatrixQuote(draft: MatrixSpec, planned: PlanResult | null): MatrixQuote | null {
  const [quoted, setQuoted] = useState<{ spec: MatrixSpec; quote: MatrixQuote } | null>(null);
  const [spendingSeen, setSpendingSeen] = useState(0);
  useEffect(() => gen.spending.onChanged(() => setSpendingSeen((n) => n + 1)), []);
  useEffect(() => {
    if (!planned?.ok) return;
    let live = true;
    void gen.explore.quote({ spec: draft }).then((r) => live && r.ok && setQuoted({ spec: draft, quote: r.value }));
    return () => {
      live = false;
    };
  }, [planned, draft, spendingSeen]);
  return quoted?.spec === draft ? quoted.quote : null;
}
