import type { SpendingCaps, SpendingPeriod } from '../../../shared/ipc/contract';
import { SPENDING_PERIODS } from '../../../shared/ipc/contract';
import { ENGLISH_TEXT, type AppText } from '../../../shared/i18n/text';

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

/** One wording, for the Electron dialog and the Chromium harness alike, in the language chosen when it is shown
 * (English when no text is given: the log and the harness). */
export function capChangeDialog(q: CapChangeQuestion, text: AppText = ENGLISH_TEXT): { title: string; message: string; detail: string; cancelLabel: string; confirmLabel: string } {
  const lines = q.changes.map((c) =>
    c.to === null
      ? text.t('main.dialog.cap.lineRemoved', { period: c.period, from: text.credits(c.from) })
      : text.t('main.dialog.cap.line', { period: c.period, from: text.credits(c.from), to: text.credits(c.to) }),
  );
  const removing = q.changes.every((c) => c.to === null) ? 'yes' : 'no';
  return {
    title: text.t('main.dialog.cap.title', { removing }),
    message: text.t('main.dialog.cap.message', { removing, key: q.keyLabel }),
    detail: `${lines.join('\n')}\n\n${text.t('main.dialog.cap.warning')}`,
    cancelLabel: text.t('main.dialog.cap.keep'),
    confirmLabel: text.t('main.dialog.cap.confirm', { removing }),
  };
}
