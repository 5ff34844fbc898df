import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biggestRuns, dailySpending, describeRun, lastDays } from './history';
import type { LedgerEntry } from './ledger';

// Days are the user's: a zone far from UTC, with a daylight-saving change inside the window (8 March 2026).
// Vitest runs each file in a process of its own, so the zone is this file's alone.
let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const at = (m: number, d: number, h = 12, min = 0) => new Date(2026, m - 1, d, h, min).getTime();
let n = 0;
const entry = (when: number, cost: number, endpointId = 'gen-dev', more: Partial<LedgerEntry> = {}): LedgerEntry => ({
  taskId: `t${++n}`,
  keyId: 'k',
  endpointId,
  at: when,
  cost,
  charged: true,
  ...more,
});

describe('the spending chart', () => {
  it('has 30 local days ending today, one per calendar date across a daylight-saving change', () => {
    const days = lastDays(at(3, 20, 9), 30);
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2026-02-19');
    expect(days.at(-1)!.date).toBe('2026-03-20');
    expect(new Set(days.map((d) => d.date)).size).toBe(30);
    const change = days.find((d) => d.date === '2026-03-08')!;
    expect(change.end - change.start).toBe(23 * 3_600_000);
    for (const d of days) expect(new Date(d.start).getHours()).toBe(0);
  });

  it('adds up credits per local day and model; moderated, unknown, other keys and older runs are left out', () => {
    const now = at(3, 20, 9);
    const entries = [
      // 23:30 in New York is already the next day in UTC: it belongs to the 10th here.
      entry(at(3, 10, 23, 30), 2, 'gen-dev'),
      entry(at(3, 10, 8), 1.5, 'gen-dev'),
      entry(at(3, 10, 9), 4, 'gen-2-pro'),
      entry(at(3, 11, 0, 5), 3, 'gen-2-pro'),
      entry(at(3, 10, 10), 9, 'gen-dev', { charged: false }),
      entry(at(3, 10, 10), 9, 'gen-dev', { unsettled: true }),
      entry(at(3, 10, 10), 9, 'gen-dev', { keyId: 'other' }),
      entry(at(2, 18, 10), 50, 'gen-dev'),
      entry(at(3, 20, 10), 7, 'gen-dev'),
    ];
    const days = dailySpending(entries, 'k', now);
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get('2026-03-10')).toMatchObject({ total: 7.5, byModel: { 'gen-dev': 3.5, 'gen-2-pro': 4 } });
    expect(byDate.get('2026-03-11')).toMatchObject({ total: 3, byModel: { 'gen-2-pro': 3 } });
    expect(byDate.get('2026-03-20')).toMatchObject({ total: 0, byModel: {} });
    expect(days.reduce((a, d) => a + d.total, 0)).toBe(10.5);
  });

  it('carries what the week and the month had reached by each day, from Monday and from the first', () => {
    const now = at(3, 4, 9);
    // The window starts 3 February; 31 January is before it and before the month of its days.
    const entries = [entry(at(1, 31, 12), 100), entry(at(2, 23, 12), 2), entry(at(2, 24, 12), 3), entry(at(3, 1, 12), 5), entry(at(3, 2, 12), 1)];
    const days = new Map(dailySpending(entries, 'k', now).map((d) => [d.date, d]));
    expect(days.get('2026-02-23')).toMatchObject({ weekToDate: 2, monthToDate: 2 });
    expect(days.get('2026-02-24')).toMatchObject({ weekToDate: 5, monthToDate: 5 });
    // Sunday 1 March: a new month, the same week.
    expect(days.get('2026-03-01')).toMatchObject({ weekToDate: 10, monthToDate: 5 });
    // Monday 2 March: a new week.
    expect(days.get('2026-03-02')).toMatchObject({ weekToDate: 1, monthToDate: 6 });
    expect(days.get('2026-03-04')).toMatchObject({ weekToDate: 1, monthToDate: 6 });
  });

  it('counts spending from before the window into the running totals of its first days', () => {
    // The window begins Wednesday 18 February; the week began Monday 16th and the month on the 1st.
    const now = at(3, 19, 9);
    const entries = [entry(at(2, 2, 12), 10), entry(at(2, 16, 12), 4), entry(at(2, 18, 12), 1)];
    const first = dailySpending(entries, 'k', now)[0]!;
    expect(first).toMatchObject({ date: '2026-02-18', total: 1, weekToDate: 5, monthToDate: 15 });
  });

  it('lists the costliest runs of the window with their prompt and result', () => {
    const now = at(3, 20, 9);
    const entries = [
      entry(at(3, 1), 2, 'gen-dev', { taskId: 'small' }),
      entry(at(3, 2), 9, 'gen-2-pro', { taskId: 'big' }),
      entry(at(3, 3), 9, 'gen-2-pro', { taskId: 'big-newer' }),
      entry(at(3, 4), 5, 'gen-dev', { taskId: 'again@1' }),
      entry(at(2, 1), 90, 'gen-dev', { taskId: 'too-old' }),
      entry(at(3, 5), 40, 'gen-dev', { taskId: 'moderated', charged: false }),
    ];
    const runs = biggestRuns(entries, 'k', now, (taskId, endpointId) => ({ modelTitle: endpointId, prompt: `prompt of ${taskId}`, resultId: taskId === 'big' ? 'big' : null }), { count: 3 });
    expect(runs.map((r) => [r.taskId, r.credits, r.prompt, r.resultId])).toEqual([
      ['big-newer', 9, 'prompt of big-newer', null],
      ['big', 9, 'prompt of big', 'big'],
      ['again', 5, 'prompt of again', null],
    ]);
  });

  it('describes a run from the gallery, else the queue, else says nothing', () => {
    const library = { get: (id: string) => (id === 'g' ? { id: 'g', params: { prompt: '  a   red fox  ' } } : fail()) };
    const engine = { get: (id: string) => (id === 'q' ? { params: { prompt: 'x'.repeat(200) }, resultId: null } : fail()) };
    expect(describeRun('g', { library, engine })).toEqual({ prompt: 'a red fox', resultId: 'g' });
    expect(describeRun('q', { library, engine }).prompt).toHaveLength(90);
    expect(describeRun('gone', { library, engine })).toEqual({ prompt: '', resultId: null });
  });

  it('names a prompt’s boxes by their labels, as every caption does, never the JSON list the service was sent', () => {
    const sent = `a harbour ${JSON.stringify([{ label: 'boat', box: [0, 0, 512, 512] }, { label: 'gull', box: [600, 40, 700, 120] }])}`;
    const library = { get: () => ({ id: 'g', params: { prompt: sent } }) };
    expect(describeRun('g', { library, engine: { get: fail } }).prompt).toBe('a harbour · 2 boxes: boat, gull');
  });
});

function fail(): never {
  throw new Error('not found');
}
