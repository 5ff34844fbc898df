import { useState } from 'react';
import type { UnsettledTask } from '../../../../shared/ipc/contract';
import { useSettingsStore } from '../../store/settingsStore';
import { creditsText } from '../queue/taskText';

const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Tasks sent whose outcome is unknown: the service may have taken and charged them. Each counts against the caps
 * until the artist says whether it was charged (their account on the service's site shows it).
 */
export function UnsettledTasks({ tasks }: { tasks: readonly UnsettledTask[] }) {
  if (tasks.length === 0) return null;
  return (
    <div className="unsettled" aria-label="Unsettled tasks">
      <h3>Not settled yet</h3>
      <p className="muted small">
        {tasks.length === 1 ? 'This task was' : 'These tasks were'} sent, but no answer came back, so Gen Studio cannot tell whether the
        service charged {tasks.length === 1 ? 'it' : 'them'}. Until you say, {tasks.length === 1 ? 'it counts' : 'each counts'} as spent against your caps. Your account on the
        service’s site lists what it charged; Gen Studio asks you to confirm before counting one lower.
      </p>
      <ul className="unsettled-list">
        {tasks.map((t) => (
          <UnsettledRow key={t.id} task={t} />
        ))}
      </ul>
    </div>
  );
}

function UnsettledRow({ task }: { task: UnsettledTask }) {
  const settle = useSettingsStore((s) => s.settle);
  const [cost, setCost] = useState(task.estimate === null ? '' : String(task.estimate));
  const [error, setError] = useState<string | null>(null);
  const answer = async (charged: boolean) => {
    let amount: number | undefined;
    if (charged) {
      amount = cost.trim() === '' ? undefined : Number(cost);
      if (amount !== undefined && !(Number.isFinite(amount) && amount >= 0)) {
        setError('The cost is a number of credits, zero or more.');
        return;
      }
    }
    const r = await settle(task.id, charged, amount);
    if (!r.ok) setError(r.error.message);
  };
  return (
    <li className="unsettled-row">
      <span className="unsettled-what">
        <strong>{task.endpointTitle}</strong> · sent {when(task.at)} ·{' '}
        {task.estimate === null ? 'no price known yet' : `counted as ${creditsText(task.estimate)}`}
      </span>
      <label className="unsettled-cost">
        Cost (credits)
        <input className="field-input" type="number" min={0} step="any" placeholder="amount" value={cost} onChange={(e) => setCost(e.target.value)} />
      </label>
      <button type="button" className="button" onClick={() => void answer(true)}>
        It was charged
      </button>
      <button type="button" className="button" onClick={() => void answer(false)}>
        It was not
      </button>
      {error && (
        <span className="inline-error" role="alert">
          {error}
        </span>
      )}
    </li>
  );
}
