import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { SPENDING_PERIODS, type SpendingCaps, type SpendingHistory, type SpendingPeriod } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { useSettingsStore } from '../../store/settingsStore';
import { Button } from '../../ui/Button';
import { BiggestRuns } from './BiggestRuns';
import { UnsettledTasks } from './UnsettledTasks';
import { ColumnHeads } from '../../ui/ColumnHeads';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { useText } from '../../ui/i18n/textStore';
import { say } from '../../../../shared/i18n/say';
import { saying, toldSaying, type Saying } from '../../ui/i18n/saying';

const WORDS: Readonly<Record<SpendingPeriod, { total: MessageId; cap: MessageId }>> = {
  day: { total: 'spending.today', cap: 'spending.dailyCap' },
  week: { total: 'spending.thisWeek', cap: 'spending.weeklyCap' },
  month: { total: 'spending.thisMonth', cap: 'spending.monthlyCap' },
};

/** recharts is most of a megabyte for this one chart: it loads when Spending first shows, not at start-up (bench/startup.ts). */
const SpendingChart = lazy(() => import('./SpendingChart').then((m) => ({ default: m.SpendingChart })));

const asText = (n: number | null) => (n === null ? '' : String(n));

/** What the active key spent today, this week and this month; its caps; and the balance where the service says. */
export function SpendingSection() {
  const text = useText();
  const { t } = text;
  const spending = useSettingsStore((s) => s.spending);
  const loadSpending = useSettingsStore((s) => s.loadSpending);
  const history = useSpendingHistory(spending?.keyId, spending);
  if (!spending) return null;
  const { caps } = spending;
  return (
    <section className="settings-section" aria-labelledby="settings-spending">
      <h2 id="settings-spending">{t('spending.title', { key: spending.keyLabel })}</h2>
      <table className="spending" aria-label={t('spending.table')}>
        <ColumnHeads columns={[{ hidden: t('spending.when') }, t('spending.spent'), t('spending.cap')]} />
        <tbody>
          {SPENDING_PERIODS.map((p) => (
            <tr key={p}>
              <th scope="row">{t(WORDS[p].total)}</th>
              <td>{text.credits(spending.totals[p])}</td>
              <td>{caps[p] === null ? t('spending.noCap') : text.credits(caps[p])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {history && history.keyId === spending.keyId && (
        <>
          <Suspense fallback={<p className="muted small">{t('spending.drawing')}</p>}>
            <SpendingChart history={history} />
          </Suspense>
          <BiggestRuns runs={history.biggest} />
        </>
      )}
      <UnsettledTasks tasks={spending.unsettled} />
      <p className="muted small" aria-label={t('spending.balanceLabel')}>
        {t('spending.balance', { credits: spending.credits === null ? t('spending.notAvailable') : text.credits(spending.credits) })} · {say(text, spending.creditsNoteWords, spending.creditsNote)}{' '}
        <Button variant="link" onClick={() => void loadSpending()}>
          {t('spending.refresh')}
        </Button>
      </p>
      {/* Keyed by the key and its caps, so the form starts over when either changes elsewhere. */}
      <CapsForm key={`${spending.keyId}:${caps.day}:${caps.week}:${caps.month}`} keyId={spending.keyId} caps={caps} />
    </section>
  );
}

/** The chart's days and runs, asked again whenever the summary changes (a charge, a cap, another key). */
function useSpendingHistory(keyId: string | undefined, changed: unknown): SpendingHistory | null {
  const [history, setHistory] = useState<SpendingHistory | null>(null);
  useEffect(() => {
    if (keyId === undefined) return;
    let live = true;
    void gen.spending.history({ keyId }).then((r) => {
      if (live && r.ok) setHistory(r.value);
    });
    return () => {
      live = false;
    };
  }, [keyId, changed]);
  return history;
}

function CapsForm({ keyId, caps }: { keyId: string; caps: SpendingCaps }) {
  const text = useText();
  const { t } = text;
  const setCaps = useSettingsStore((s) => s.setCaps);
  const [draft, setDraft] = useState<Record<SpendingPeriod, string>>({ day: asText(caps.day), week: asText(caps.week), month: asText(caps.month) });
  const [message, setMessage] = useState<{ ok: boolean; text: Saying } | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parse = (s: string) => (s.trim() === '' ? null : Number(s));
    const next = { day: parse(draft.day), week: parse(draft.week), month: parse(draft.month) };
    if (Object.values(next).some((v) => v !== null && !(Number.isFinite(v) && v > 0))) {
      setMessage({ ok: false, text: saying('spending.capInvalid') });
      return;
    }
    const r = await setCaps(keyId, next);
    if (!r.ok) setMessage({ ok: false, text: toldSaying(r.error) });
  };
  return (
    <form className="settings-grid" aria-label={t('spending.caps')} onSubmit={(e) => void save(e)}>
      {SPENDING_PERIODS.map((p) => (
        <label key={p} className="settings-field">
          {t('spending.capField', { cap: t(WORDS[p].cap) })}
          <input
            className="field-input"
            type="number"
            min={0}
            step="any"
            placeholder={t('spending.noCapPlaceholder')}
            value={draft[p]}
            onChange={(e) => setDraft({ ...draft, [p]: e.target.value })}
          />
        </label>
      ))}
      <div className="settings-actions">
        <Button type="submit" variant="primary">
          {t('spending.saveCaps')}
        </Button>
        {message && (
          <span className={message.ok ? 'inline-ok' : 'inline-error'} role="status">
            {message.text(text)}
          </span>
        )}
      </div>
    </form>
  );
}
