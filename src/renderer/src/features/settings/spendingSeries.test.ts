import { describe, expect, it } from 'vitest';
import { taskEndpoints } from '../../../../shared/catalog';
import type { SpendingHistory } from '../../../../shared/ipc/contract';
import { PALETTES } from '../../ui/theme/tokens';
import { seriesColour, spendingSeries } from './spendingSeries';

/** A month on every model the service has, and on one it retired: each model spent 1 credit a day, two days. */
function everyModel(): SpendingHistory {
  const models = [...taskEndpoints().map((e) => e.id), 'gen-pro-1.0'];
  const byModel = Object.fromEntries(models.map((id) => [id, 1]));
  const day = (date: string, start: number) => ({ date, start, total: models.length, byModel, weekToDate: 0, monthToDate: 0 });
  return {
    keyId: 'k',
    days: [day('2026-11-27', 1), day('2026-11-28', 2)],
    models: models.map((id) => ({ id, title: id, total: 2 })),
    caps: { day: null, week: null, month: null },
    biggest: [],
  } as unknown as SpendingHistory;
}

describe('the spending chart by model family', () => {
  const { series, rows } = spendingSeries(everyModel());

  it('reads some twenty models as five families and "Other", each in its own colour in both themes', () => {
    expect(everyModel().models.length).toBeGreaterThan(16);
    expect(series.map((s) => s.label)).toEqual(['Gen 2', 'Tools', 'Pro 1 and Dev', 'Context', 'Gen 3', 'Other']);
    for (const palette of Object.values(PALETTES)) {
      const colours = series.map((s) => seriesColour(s.key, palette));
      expect(new Set(colours).size).toBe(series.length);
    }
  });

  it('keeps every credit: a family holds what its models spent, a retired model is "Other"', () => {
    expect(series.find((s) => s.key === 'other')?.total).toBe(2);
    expect(series.reduce((a, s) => a + s.total, 0)).toBe(everyModel().models.length * 2);
    for (const row of rows) expect(Object.values(row.bySeries).reduce((a, b) => a + b, 0)).toBe(everyModel().models.length);
    expect(rows[0]?.bySeries.gen2).toBe(8);
  });
});
