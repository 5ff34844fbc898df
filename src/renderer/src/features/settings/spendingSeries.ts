import { familyOf, type ModelFamilyId } from '../../../../shared/catalog';
import type { SpendingHistory } from '../../../../shared/ipc/contract';
import type { Palette } from '../../ui/theme/tokens';

/** A bar series of the spending chart: a model family, or "Other" for what is in none (a retired model). */
export interface SpendingSeries {
  readonly key: ModelFamilyId | 'other';
  readonly label: string;
  readonly total: number;
}

export interface SpendingRow {
  readonly date: string;
  readonly start: number;
  readonly bySeries: Readonly<Record<string, number>>;
}

/**
 * Credits per day by model family, costliest family first and "Other" last: seventeen models cannot be told
 * apart by colour, five families can.
 */
export function spendingSeries(history: SpendingHistory): { series: SpendingSeries[]; rows: SpendingRow[] } {
  const keyOf = (modelId: string) => familyOf(modelId)?.id ?? 'other';
  const totals = new Map<SpendingSeries['key'], SpendingSeries>();
  for (const m of history.models) {
    const family = familyOf(m.id);
    const key = family?.id ?? 'other';
    const before = totals.get(key);
    totals.set(key, { key, label: family?.label ?? 'Other', total: (before?.total ?? 0) + m.total });
  }
  const series = [...totals.values()].sort((a, b) => Number(a.key === 'other') - Number(b.key === 'other') || b.total - a.total);
  const rows = history.days.map((d) => {
    const bySeries: Record<string, number> = {};
    for (const [model, credits] of Object.entries(d.byModel)) bySeries[keyOf(model)] = (bySeries[keyOf(model)] ?? 0) + credits;
    return { date: d.date, start: d.start, bySeries };
  });
  return { series, rows };
}

/** Each family keeps its colour whatever was spent; red stays with no family, so a bar never reads as an error. */
const ROLE: Readonly<Record<SpendingSeries['key'], 'accent' | 'info' | 'warn' | 'purple' | 'note' | 'muted'>> = {
  pro1: 'accent',
  gen2: 'info',
  context: 'warn',
  gen3: 'purple',
  tools: 'note',
  other: 'muted',
};

export const seriesColour = (key: SpendingSeries['key'], palette: Palette): string => palette[ROLE[key]];
