import type { SpendingPeriod } from '../ipc/contract/spending';

/** Each period's cap and span in words: the caps' refusals, the cap dialog and the spending summary say them alike. */
export const PERIOD_WORDS: Readonly<Record<SpendingPeriod, { cap: string; span: string }>> = {
  day: { cap: 'daily', span: 'today' },
  week: { cap: 'weekly', span: 'this week' },
  month: { cap: 'monthly', span: 'this month' },
};
