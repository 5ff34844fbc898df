import { ENGLISH_TEXT, type AppText } from '../../../shared/i18n/text';

/**
 * Saying that a task whose outcome was unknown was not charged (or cost less than it is held at) lowers what the
 * caps count, so it is asked in a dialog the main process owns, as raising a cap is (capChange.ts): a renderer
 * that was taken over could otherwise settle every held task as free and spend past the caps (issue 30, point 5).
 * Saying it was charged at its estimate or more only counts more, and is never asked.
 */
export interface SettleQuestion {
  readonly keyLabel: string;
  /** the model's title */
  readonly what: string;
  /** when it was sent */
  readonly at: number;
  /** what it is counted at now; null when nothing prices it */
  readonly heldAt: number | null;
  /** what it would count once settled: 0 when not charged */
  readonly settledAt: number;
}

/** Resolves true only when the user confirmed the lower amount. */
export type ConfirmSettle = (question: SettleQuestion) => Promise<boolean>;

/** One wording, for the Electron dialog (and any other runner that gains one), in the language chosen when it is shown
 * (English when no text is given), its date and credits in that language's formats. */
export function settleDialog(q: SettleQuestion, text: AppText = ENGLISH_TEXT): { title: string; message: string; detail: string; cancelLabel: string; confirmLabel: string } {
  const free = q.settledAt === 0 ? 'yes' : 'no';
  return {
    title: text.t('main.dialog.settle.title', { free }),
    message: text.t('main.dialog.settle.message', { free, what: q.what, sent: text.dateTime(q.at), key: q.keyLabel, amount: text.credits(q.settledAt) }),
    detail: text.t('main.dialog.settle.detail', { priced: q.heldAt === null ? 'no' : 'yes', held: text.credits(q.heldAt ?? 0) }),
    cancelLabel: text.t('main.dialog.settle.keep'),
    confirmLabel: text.t('main.dialog.settle.confirm', { free }),
  };
}
