import type { MatrixStatus } from '../../../../shared/ipc/contract';

/**
 * How many of a run's pictures went to the service and how many did not, in the artist's words: "held" while it
 * is paused (nothing more goes until Resume), "to go" while it runs, "not sent" once it was cancelled.
 */
export function tallyText(status: MatrixStatus, t: { readonly sent: number; readonly notSent: number }): string {
  const sent = `${t.sent} sent`;
  if (t.notSent === 0) return sent;
  switch (status) {
    case 'paused':
      return `${sent} · ${t.notSent} held`;
    case 'running':
      return `${sent} · ${t.notSent} to go`;
    default:
      return `${sent} · ${t.notSent} not sent`;
  }
}
