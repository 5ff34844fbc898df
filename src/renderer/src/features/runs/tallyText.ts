import type { MatrixStatus } from '../../../../shared/ipc/contract';
import { ENGLISH_TEXT, type AppText } from '../../../../shared/i18n/text';

/**
 * How many of a run's pictures went to the service and how many did not, in the artist's words: "held" while it
 * is paused (nothing more goes until Resume), "to go" while it runs, "not sent" once it was cancelled. Each part is
 * a whole phrase; a screen joins them with " · ".
 */
export function tallyParts(status: MatrixStatus, t: { readonly sent: number; readonly notSent: number }, text: AppText = ENGLISH_TEXT): string[] {
  const sent = text.t('runs.sent', { count: t.sent });
  if (t.notSent === 0) return [sent];
  const count = t.notSent;
  switch (status) {
    case 'paused':
      return [sent, text.t('runs.held', { count })];
    case 'running':
      return [sent, text.t('runs.toGo', { count })];
    default:
      return [sent, text.t('runs.notSent', { count })];
  }
}

/** The same, as the line shows it: "11 sent · 21 held". */
export const tallyText = (status: MatrixStatus, t: { readonly sent: number; readonly notSent: number }, text: AppText = ENGLISH_TEXT): string => tallyParts(status, t, text).join(' · ');
