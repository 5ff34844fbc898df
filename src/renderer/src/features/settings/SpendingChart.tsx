import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SpendingDay, SpendingHistory } from '../../../../shared/ipc/contract';
import { PALETTES, TEXT } from '../../ui/theme/tokens';
import { useThemeStore } from '../../ui/theme/themeStore';
import { creditsText } from '../queue/taskText';

/** Short day labels under the bars: "3 Mar". */
const dayLabel = (day: SpendingDay) => new Date(day.start).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
const credits = (n: number) => creditsText(Math.round(n * 100) / 100) ?? '';

/** The colours of the models' bars, from the theme's roles (the palette has no chart series of its own). */
function seriesColours(theme: 'dark' | 'light'): string[] {
  const p = PALETTES[theme];
  return [p.accent, p.info, p.warn, p.purple, p.danger, p.note, p.muted];
}

/**
 * Credits per day for the last 30 days, stacked by model, with the daily cap as a line across the bars; below,
 * what the week and the month had reached day by day, against the weekly and monthly caps. A weekly or monthly
 * cap is a limit on a running total, so it is drawn against that total, never as a per-day line.
 */
export function SpendingChart({ history }: { history: SpendingHistory }) {
  const theme = useThemeStore((s) => s.theme);
  const p = PALETTES[theme];
  const colours = seriesColours(theme);
  const rows = history.days.map((d) => ({ ...d, label: dayLabel(d) }));
  const spent = history.days.reduce((a, d) => a + d.total, 0);
  const axis = { stroke: p.line, tick: { fill: p.muted, fontSize: TEXT.xs } };
  const tooltip = {
    contentStyle: { background: p.panel, border: `1px solid ${p.line}`, color: p.text, fontSize: TEXT.sm },
    labelStyle: { color: p.text },
    cursor: { fill: p.selected },
    formatter: (value: unknown) => credits(Number(value)),
  };
  const { caps } = history;
  const capLabel = (words: string, cap: number) => ({ value: `${words} ${credits(cap)}`, position: 'insideTopRight' as const, fill: p.textSoft, fontSize: TEXT.xs });

  return (
    <div className="spending-charts">
      <figure className="spending-figure">
        <figcaption>
          Credits per day, last 30 days · {credits(spent)} in all{caps.day !== null ? ' · the dashed line is your daily cap' : ''}
        </figcaption>
        <div className="spending-chart" role="img" aria-label={`Credits per day for the last 30 days, by model: ${credits(spent)} in all.`}>
          <ResponsiveContainer width="100%" height={240}>
            <BarChart accessibilityLayer={false} data={rows} margin={{ top: 16, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={p.line} strokeDasharray="2 4" vertical={false} />
              <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={16} />
              <YAxis {...axis} width={44} allowDecimals={false} />
              <Tooltip {...tooltip} />
              <Legend wrapperStyle={{ color: p.textSoft, fontSize: TEXT.sm }} />
              {history.models.map((m, i) => (
                <Bar key={m.id} name={m.title} stackId="spent" dataKey={(row: SpendingDay) => row.byModel[m.id] ?? 0} fill={colours[i % colours.length]} isAnimationActive={false} />
              ))}
              {caps.day !== null && <ReferenceLine y={caps.day} stroke={p.danger} strokeDasharray="6 4" ifOverflow="extendDomain" label={capLabel('Daily cap', caps.day)} />}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="spending-figure">
        <figcaption>Spent so far in each week (from Monday) and each month, against your weekly and monthly caps</figcaption>
        <div className="spending-chart" role="img" aria-label="What each week and month had reached day by day, with the weekly and monthly caps.">
          <ResponsiveContainer width="100%" height={180}>
            <LineChart accessibilityLayer={false} data={rows} margin={{ top: 16, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={p.line} strokeDasharray="2 4" vertical={false} />
              <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={16} />
              <YAxis {...axis} width={44} allowDecimals={false} />
              <Tooltip {...tooltip} cursor={{ stroke: p.lineStrong }} />
              <Legend wrapperStyle={{ color: p.textSoft, fontSize: TEXT.sm }} />
              <Line name="This week so far" type="stepAfter" dataKey="weekToDate" stroke={p.accent} dot={false} strokeWidth={2} isAnimationActive={false} />
              <Line name="This month so far" type="stepAfter" dataKey="monthToDate" stroke={p.info} dot={false} strokeWidth={2} isAnimationActive={false} />
              {caps.week !== null && <ReferenceLine y={caps.week} stroke={p.accent} strokeDasharray="6 4" ifOverflow="extendDomain" label={capLabel('Weekly cap', caps.week)} />}
              {caps.month !== null && <ReferenceLine y={caps.month} stroke={p.info} strokeDasharray="6 4" ifOverflow="extendDomain" label={capLabel('Monthly cap', caps.month)} />}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
