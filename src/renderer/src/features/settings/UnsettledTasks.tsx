import { useState } from 'react';
import type { UnsettledTask } from '../../../../shared/ipc/contract';
import { useSettingsStore } from '../../store/settingsStore';
import { useText } from '../../ui/i18n/textStore';
import { saying, toldSaying, type Saying } from '../../ui/i18n/saying';

/**
 * Tasks sent whose outcome is unknown: the service may have taken and charged them. Each counts against the caps
 * until the artist says whether it was charged (their account on the service's site shows it).
 */
export function UnsettledTasks({ tasks }: { tasks: readonly UnsettledTask[] }) {
  const { t } = useText();
  if (tasks.length === 0) return null;
  return (
    <div className="unsettled" aria-label={t('unsettled.label')}>
      <h3>{t('unsettled.title')}</h3>
      <p className="muted small">{t('unsettled.explain', { count: tasks.length })}</p>
      <ul className="unsettled-list">
        {tasks.map((t) => (
          <UnsettledRow key={t.id} task={t} />
        ))}
      </ul>
    </div>
  );
}

function UnsettledRow({ task }: { task: UnsettledTask }) {
  const text = useText();
  const { t } = text;
  const settle = useSettingsStore((s) => s.settle);
  const [cost, setCost] = useState(task.estimate === null ? '' : String(task.estimate));
  // kept in an object: React would call a saying given to the setter as an update
  const [error, setError] = useState<{ said: Saying } | null>(null);
  const answer = async (charged: boolean) => {
    let amount: number | undefined;
    if (charged) {
      amount = cost.trim() === '' ? undefined : Number(cost);
      if (amount !== undefined && !(Number.isFinite(amount) && amount >= 0)) {
        setError({ said: saying('unsettled.costInvalid') });
        return;
      }
    }
    const r = await settle(task.id, charged, amount);
    if (!r.ok) setError({ said: toldSaying(r.error) });
  };
  return (
    <li className="unsettled-row">
      <span className="unsettled-what">
        <strong translate="no">{task.endpointTitle}</strong> ·{' '}
        {task.estimate === null ? t('unsettled.sentNoPrice', { when: text.dateTime(task.at) }) : t('unsettled.sentCounted', { when: text.dateTime(task.at), credits: text.credits(task.estimate) })}
      </span>
      <label className="unsettled-cost">
        {t('unsettled.cost')}
        <input className="field-input" type="number" min={0} step="any" placeholder={t('unsettled.amount')} value={cost} onChange={(e) => setCost(e.target.value)} />
      </label>
      <button type="button" className="button" onClick={() => void answer(true)}>
        {t('unsettled.charged')}
      </button>
      <button type="button" className="button" onClick={() => void answer(false)}>
        {t('unsettled.notCharged')}
      </button>
      {error && (
        <span className="inline-error" role="alert">
          {error.said(text)}
        </span>
      )}
    </li>
  );
}
