import type { SpendingDay, SpendingRun } from '../../../shared/ipc/contract';
import { promptForDisplay } from '../../../shared/catalog/boundingBoxes';
import type { LedgerEntry } from './ledger';

const HISTORY_DAYS = 30;
const BIGGEST_RUNS = 8;

const round = (n: number) => Math.round(n * 100) / 100;
const pad = (n: number) => String(n).padStart(2, '0');

/** The local date of a moment, YYYY-MM-DD. */
function localDate(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The last `days` local days ending today, each with its start. Built from calendar dates, never by adding
 * 24 hours, so a day that daylight saving makes 23 or 25 hours long is still one day.
 */
export function lastDays(now: number, days: number): { date: string; start: number; end: number }[] {
  const today = new Date(now);
  const out: { date: string; start: number; end: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i).getTime();
    const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i + 1).getTime();
    out.push({ date: localDate(start), start, end });
  }
  return out;
}

/** What counts as spent: charged, settled, and not in the future. The caps count the same (`SpendingLedger.totals`). */
const spent = (e: LedgerEntry, keyId: string, now: number) => e.keyId === keyId && e.charged && !e.unsettled && e.at <= now;

/**
 * Credits per local day and model over the last `days` days, with what the week and the month had reached by
 * the end of each day (a weekly or monthly cap is a limit on those running totals, not on one day).
 */
export function dailySpending(entries: Iterable<LedgerEntry>, keyId: string, now: number, days = HISTORY_DAYS): SpendingDay[] {
  const span = lastDays(now, days);
  // Running totals need the days before the window too: back to the Monday and the first of the month of its first day.
  const first = new Date(span[0]!.start);
  const sinceMonday = (first.getDay() + 6) % 7;
  const from = Math.min(new Date(first.getFullYear(), first.getMonth(), first.getDate() - sinceMonday).getTime(), new Date(first.getFullYear(), first.getMonth(), 1).getTime());
  const perDate = new Map<string, Map<string, number>>();
  for (const e of entries) {
    if (!spent(e, keyId, now) || e.at < from) continue;
    const date = localDate(e.at);
    const models = perDate.get(date) ?? new Map<string, number>();
    models.set(e.endpointId, (models.get(e.endpointId) ?? 0) + e.cost);
    perDate.set(date, models);
  }
  const dayTotal = (date: string) => [...(perDate.get(date)?.values() ?? [])].reduce((a, b) => a + b, 0);

  let week = 0;
  let month = 0;
  // The days between `from` and the window's first day only feed the running totals.
  for (const { date } of lastDays(span[0]!.start - 1, Math.round((span[0]!.start - from) / 86_400_000))) {
    const d = new Date(`${date}T12:00:00`);
    if (d.getDay() === 1) week = 0;
    if (d.getDate() === 1) month = 0;
    week += dayTotal(date);
    month += dayTotal(date);
  }
  return span.map(({ date, start }) => {
    const d = new Date(start);
    if (d.getDay() === 1) week = 0;
    if (d.getDate() === 1) month = 0;
    const total = dayTotal(date);
    week += total;
    month += total;
    const byModel: Record<string, number> = {};
    for (const [model, cost] of perDate.get(date) ?? []) byModel[model] = round(cost);
    return { date, start, total: round(total), byModel, weekToDate: round(week), monthToDate: round(month) };
  });
}

/** The costliest runs of the window, costliest first (the newest first among equals). */
export function biggestRuns(
  entries: Iterable<LedgerEntry>,
  keyId: string,
  now: number,
  describe: (taskId: string, endpointId: string) => Pick<SpendingRun, 'modelTitle' | 'prompt' | 'resultId'>,
  o: { days?: number; count?: number } = {},
): SpendingRun[] {
  const since = lastDays(now, o.days ?? HISTORY_DAYS)[0]!.start;
  return [...entries]
    .filter((e) => spent(e, keyId, now) && e.at >= since && e.cost > 0)
    .sort((a, b) => b.cost - a.cost || b.at - a.at)
    .slice(0, o.count ?? BIGGEST_RUNS)
    .map((e) => {
      // An earlier attempt of a task sent again is kept as `<task>@<attempt>`: it describes the same task.
      const taskId = e.taskId.split('@')[0]!;
      return { taskId, endpointId: e.endpointId, credits: round(e.cost), at: e.at, ...describe(taskId, e.endpointId) };
    });
}

/** The start of a prompt as captions say it (boxes by their labels: cut first, the JSON list could not be read), for a list row. */
function promptStart(prompt: unknown, max = 90): string {
  const text = typeof prompt === 'string' ? promptForDisplay(prompt).trim().replace(/\s+/g, ' ') : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a run was: its prompt and its result, from the gallery (which outlives the queue), else from the queue. */
export function describeRun(
  taskId: string,
  o: { library: { get(id: string): { id: string; params: Record<string, unknown> } }; engine: { get(id: string): { params: Record<string, unknown>; resultId: string | null } } },
): Pick<SpendingRun, 'prompt' | 'resultId'> {
  try {
    const item = o.library.get(taskId);
    return { prompt: promptStart(item.params.prompt), resultId: item.id };
  } catch {
    try {
      const task = o.engine.get(taskId);
      return { prompt: promptStart(task.params.prompt), resultId: null };
    } catch {
      return { prompt: '', resultId: null };
    }
  }
}
