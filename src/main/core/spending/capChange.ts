import type { SpendingCaps, SpendingPeriod } from '../../../shared/ipc/contract';
import { SPENDING_PERIODS } from '../../../shared/ipc/contract';
import { PERIOD_WORDS } from './periods';

/**
 * Raising or removing a spending cap is asked in a dialog the main process owns (as a key's new destination is),
 * naming the old and new amounts, so a renderer that was taken over cannot lift the caps by itself (issue 23).
 * Lowering a cap, or setting one where there was none, is never asked: it only spends less.
 */
export interface CapChangeQuestion {
  readonly keyLabel: string;
  /** each cap raised or removed: `to` null means removed */
  readonly changes: ReadonlyArray<{ readonly period: SpendingPeriod; readonly from: number; readonly to: number | null }>;
}

/** Resolves true only when the user chose to raise or remove the caps named. */
export type ConfirmCapChange = (question: CapChangeQuestion) => Promise<boolean>;

/** The caps `next` raises or removes compared with `current`; empty when it only lowers or adds. */
export function capsLifted(current: SpendingCaps, next: SpendingCaps): CapChangeQuestion['changes'] {
  const out: Array<CapChangeQuestion['changes'][number]> = [];
  for (const period of SPENDING_PERIODS) {
    const from = current[period];
    const to = next[period];
    if (from !== null && (to === null || to > from)) out.push({ period, from, to });
  }
  return out;
}

const amount = (n: number) => `${Number(n.toFixed(2))} credits`;

/** One wording, for the Electron dialog and the Chromium harness alike. */
export function capChangeDialog(q: CapChangeQuestion): { title: string; message: string; detail: string; cancelLabel: string; confirmLabel: string } {
  const lines = q.changes.map((c) => {
    const cap = PERIOD_WORDS[c.period].cap;
    const capName = cap.charAt(0).toUpperCase() + cap.slice(1);
    return c.to === null ? `${capName} cap: ${amount(c.from)} → no cap` : `${capName} cap: ${amount(c.from)} → ${amount(c.to)}`;
  });
  const removing = q.changes.every((c) => c.to === null);
  return {
    title: removing ? 'Remove a spending cap?' : 'Raise a spending cap?',
    message: `${removing ? 'Remove' : 'Change'} the spending caps of the key “${q.keyLabel}”?`,
    detail: `${lines.join('\n')}\n\nTasks sent with this key may then spend more before Gen Studio stops them.`,
    cancelLabel: 'Keep the caps',
    confirmLabel: removing ? 'Remove cap' : 'Raise cap',
  };
}
