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

const amount = (n: number) => `${Number(n.toFixed(2))} credits`;

/** One wording, for the Electron dialog (and any other runner that gains one). */
export function settleDialog(q: SettleQuestion): { title: string; message: string; detail: string; cancelLabel: string; confirmLabel: string } {
  const sent = new Date(q.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const free = q.settledAt === 0;
  const held = q.heldAt === null ? 'It holds back further requests until you say what it cost.' : `It counts as ${amount(q.heldAt)} against the caps until then.`;
  return {
    title: free ? 'Count a task as not charged?' : 'Count a task at a lower cost?',
    message: free
      ? `Was the ${q.what} task sent ${sent} with the key “${q.keyLabel}” really not charged?`
      : `Did the ${q.what} task sent ${sent} with the key “${q.keyLabel}” really cost only ${amount(q.settledAt)}?`,
    detail: `No answer came back for it, so Gen Studio cannot tell what the service charged. ${held}\n\nYour account on the service’s site lists what it charged. If you count it lower than it was, tasks sent with this key may spend past your caps.`,
    cancelLabel: 'Keep it counted',
    confirmLabel: free ? 'Not charged' : 'Count it lower',
  };
}
