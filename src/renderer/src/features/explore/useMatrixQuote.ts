import { useEffect, useState } from 'react';
import type { PlanResult, MatrixSpec } from '../../../../shared/explore/matrix';
import type { MatrixQuote } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { useAnswer } from '../../store/useAnswer';

const askQuote = (spec: MatrixSpec) => gen.explore.quote({ spec });

/**
 * What main prices the draft's plan at, or null while it is being asked. What was spent moves the prices and
 * the caps' room, so the plan is priced again when spending changes; a quote shows only for the plan it priced.
 */
export function useMatrixQuote(draft: MatrixSpec, planned: PlanResult | null): MatrixQuote | null {
  const [spendingSeen, setSpendingSeen] = useState(0);
  useEffect(() => gen.spending.onChanged(() => setSpendingSeen((n) => n + 1)), []);
  return useAnswer(planned?.ok ? draft : null, askQuote, spendingSeen);
}
