import { Bar, BarChart, CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SpendingHistory } from '../../../../shared/ipc/contract';
import { PALETTES, TEXT } from '../../ui/theme/tokens';
import { useThemeStore } from '../../ui/theme/themeStore';
import { seriesColour, spendingSeries, type SpendingRow } from './spendingSeries';
import { ChartKey } from './ChartKey';
import { useText } from '../../ui/i18n/textStore';

/**
 * Credits per day for the last 30 days, stacked by model family, with the daily cap as a line across the bars;
 * below, what the week and the month had reached day by day, against the weekly and monthly caps. A weekly or
 * monthly cap is a limit on a running total, so it is drawn against that total, never as a per-day line. The caps
 * are named in the key under each chart, never on the plot, where a label would cover a bar.
 */
export function SpendingChart({ history }: { history: SpendingHistory }) {
  // Long (over 80 lines) for its markup: two charts, each with its axes, series, caps and key.
  const text = useText();
  const { t } = text;
  const credits = text.credits;
  const theme = useThemeStore((s) => s.theme);
  const p = PALETTES[theme];
  const { series, rows: byFamily } = spendingSeries(history);
  const rows = byFamily.map((r, i) => ({ ...r, ...history.days[i]!, label: text.dayMonth(r.start) }));
  const spent = history.days.reduce((a, d) => a + d.total, 0);
  const axis = { stroke: p.line, tick: { fill: p.muted, fontSize: TEXT.xs } };
  const tooltip = {
    contentStyle: { background: p.panel, border: `1px solid ${p.line}`, color: p.text, fontSize: TEXT.sm },
    labelStyle: { color: p.text },
    cursor: { fill: p.selected },
    formatter: (value: unknown) => credits(Number(value)),
  };
  const { caps } = history;
  const capLine = { stroke: p.text, strokeDasharray: '6 4', ifOverflow: 'extendDomain' as const };

  return (
    <div className="spending-charts">
      <figure className="spending-figure">
        <figcaption>{t(caps.day !== null ? 'chart.daily.captionCap' : 'chart.daily.caption', { total: credits(spent) })}</figcaption>
        <div className="spending-chart" role="img" aria-label={t('chart.daily.label', { total: credits(spent) })}>
          <ResponsiveContainer width="100%" height={240}>
            <BarChart accessibilityLayer={false} data={rows} margin={{ top: 16, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={p.line} strokeDasharray="2 4" vertical={false} />
              <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={16} />
              <YAxis {...axis} width={44} allowDecimals={false} />
              <Tooltip {...tooltip} />
              {series.map((f) => (
                <Bar key={f.key} name={f.label} stackId="spent" dataKey={(row: SpendingRow) => row.bySeries[f.key] ?? 0} fill={seriesColour(f.key, p)} isAnimationActive={false} />
              ))}
              {caps.day !== null && <ReferenceLine y={caps.day} {...capLine} />}
            </BarChart>
          </ResponsiveContainer>
        </div>
        <ChartKey
          label={t('chart.daily.key')}
          items={[
            ...series.map((f) => ({ key: f.key, text: `${f.label} · ${credits(f.total)}`, colour: seriesColour(f.key, p), look: 'box' as const })),
            ...(caps.day !== null ? [{ key: 'cap', text: t('chart.capValue', { cap: t('spending.dailyCap'), credits: credits(caps.day) }), colour: p.text, look: 'dashed' as const }] : []),
          ]}
        />
      </figure>
      <figure className="spending-figure">
        <figcaption>{t('chart.running.caption')}</figcaption>
        <div className="spending-chart" role="img" aria-label={t('chart.running.label')}>
          <ResponsiveContainer width="100%" height={180}>
            <LineChart accessibilityLayer={false} data={rows} margin={{ top: 16, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={p.line} strokeDasharray="2 4" vertical={false} />
              <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={16} />
              <YAxis {...axis} width={44} allowDecimals={false} />
              <Tooltip {...tooltip} cursor={{ stroke: p.lineStrong }} />
              <Line name={t('chart.weekSoFar')} type="stepAfter" dataKey="weekToDate" stroke={p.accent} dot={false} strokeWidth={2} isAnimationActive={false} />
              <Line name={t('chart.monthSoFar')} type="stepAfter" dataKey="monthToDate" stroke={p.info} dot={false} strokeWidth={2} isAnimationActive={false} />
              {caps.week !== null && <ReferenceLine y={caps.week} {...capLine} stroke={p.accent} />}
              {caps.month !== null && <ReferenceLine y={caps.month} {...capLine} stroke={p.info} />}
            </LineChart>
          </ResponsiveContainer>
        </div>
        <ChartKey
          label={t('chart.running.key')}
          items={[
            { key: 'week', text: t('chart.weekSoFar'), colour: p.accent, look: 'line' },
            { key: 'month', text: t('chart.monthSoFar'), colour: p.info, look: 'line' },
            ...(caps.week !== null ? [{ key: 'week-cap', text: t('chart.capValue', { cap: t('spending.weeklyCap'), credits: credits(caps.week) }), colour: p.accent, look: 'dashed' as const }] : []),
            ...(caps.month !== null ? [{ key: 'month-cap', text: t('chart.capValue', { cap: t('spending.monthlyCap'), credits: credits(caps.month) }), colour: p.info, look: 'dashed' as const }] : []),
          ]}
        />
      </figure>
    </div>
  );
}
