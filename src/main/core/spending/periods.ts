import type { SpendingPeriod } from '../../../shared/ipc/contract';

/** Where today, this week (from Monday) and this month began, in the computer's own time zone. */
export function periodStarts(now: number): Record<SpendingPeriod, number> {
  const d = new Date(now);
  const day = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const sinceMonday = (d.getDay() + 6) % 7;
  const week = new Date(d.getFullYear(), d.getMonth(), d.getDate() - sinceMonday).getTime();
  const month = new Date(d.getFullYear(), d.getMonth(), 1).getTime();
  return { day, week, month };
}

