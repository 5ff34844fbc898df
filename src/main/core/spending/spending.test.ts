import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { NoticeBoard } from '../notices/noticeBoard';
import { tempDir } from '../testing/tempDir';
import { SpendingLedger } from './ledger';
import { periodStarts } from './periods';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => (dir = await tempDir('spending')));
afterEach(() => dir.remove());

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const open = (notices = new NoticeBoard({ now: () => 0 })) => SpendingLedger.open(dir.path, { notices, log: silentLogger, now: () => 0 });

describe('spending periods', () => {
  it('start at local midnight, on Monday and on the first of the month', () => {
    // Wednesday 14 January 2026
    const starts = periodStarts(at(2026, 1, 14, 15));
    expect(starts.day).toBe(at(2026, 1, 14, 0));
    expect(starts.week).toBe(at(2026, 1, 12, 0));
    expect(starts.month).toBe(at(2026, 1, 1, 0));
    // A Sunday belongs to the week that began the Monday before.
    expect(periodStarts(at(2026, 1, 18)).week).toBe(at(2026, 1, 12, 0));
  });
});

describe('the spending ledger', () => {
  it('totals charged tasks per key for today, this week and this month, and survives a restart', async () => {
    const ledger = await open();
    const now = at(2026, 1, 14, 15);
    await ledger.record({ taskId: 't1', keyId: 'k', endpointId: 'gen-dev', at: at(2026, 1, 14, 9), cost: 2.5, charged: true });
    await ledger.record({ taskId: 't2', keyId: 'k', endpointId: 'gen-dev', at: at(2026, 1, 12, 9), cost: 1, charged: true });
    await ledger.record({ taskId: 't3', keyId: 'k', endpointId: 'gen-dev', at: at(2026, 1, 2, 9), cost: 4, charged: true });
    await ledger.record({ taskId: 't4', keyId: 'k', endpointId: 'gen-dev', at: at(2025, 12, 30, 9), cost: 8, charged: true });
    await ledger.record({ taskId: 't5', keyId: 'other', endpointId: 'gen-dev', at: at(2026, 1, 14, 9), cost: 100, charged: true });
    await ledger.record({ taskId: 't6', keyId: 'k', endpointId: 'gen-dev', at: at(2026, 1, 14, 10), cost: 3, charged: true });
    await ledger.uncharge('t6');
    expect(ledger.totals('k', now)).toEqual({ day: 2.5, week: 3.5, month: 7.5 });
    await ledger.settle('t1', 3.25);
    expect((await open()).totals('k', now)).toEqual({ day: 3.25, week: 4.25, month: 8.25 });
  });

  it('gives a price estimate the runs of this key and model that were charged, with what each was priced on', async () => {
    const ledger = await open();
    const usage = { inputMp: 1, outputMp: 1.05, seconds: 0 };
    await ledger.record({ taskId: 'a', keyId: 'k', endpointId: 'gen-2-pro', at: 1, cost: 4.6, charged: true, usage });
    await ledger.record({ taskId: 'b', keyId: 'k', endpointId: 'gen-2-pro', at: 2, cost: 4.6, charged: false, usage });
    await ledger.record({ taskId: 'c', keyId: 'other', endpointId: 'gen-2-pro', at: 3, cost: 9, charged: true, usage });
    await ledger.record({ taskId: 'd', keyId: 'k', endpointId: 'gen-dev', at: 4, cost: 2.5, charged: true, usage });
    // From before usages were kept: nothing to scale by.
    await ledger.record({ taskId: 'e', keyId: 'k', endpointId: 'gen-2-pro', at: 5, cost: 3, charged: true });
    await ledger.holdUnsettled({ taskId: 'f', keyId: 'k', endpointId: 'gen-2-pro', at: 6, cost: 4, usage });
    expect((await open()).runs('k', 'gen-2-pro')).toEqual([{ cost: 4.6, usage, at: 1 }]);
  });

  it('sets an unreadable file aside with a notice', async () => {
    await writeFile(join(dir.path, 'spending.json'), '{"version":1,"entries":[{"taskId":');
    const notices = new NoticeBoard({ now: () => 0 });
    const ledger = await open(notices);
    expect(ledger.size).toBe(0);
    expect(notices.list()[0]?.message).toMatch(/could not be read.*set aside/);
    expect((await readdir(dir.path)).some((n) => n.startsWith('spending.json.unreadable-'))).toBe(true);
  });
});
