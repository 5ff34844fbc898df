import { useId, useState } from 'react';
import { MAX_CONCURRENCY_PER_KEY, SERVICE_ACTIVE_TASK_LIMIT } from '../../../../shared/ipc/contract';
import { useSettingsStore } from '../../store/settingsStore';

/** How many tasks go out at once per key, and what happens to tasks prepared offline. */
export function PreferencesSection() {
  const preferences = useSettingsStore((s) => s.preferences);
  const update = useSettingsStore((s) => s.update);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  if (!preferences) return null;
  const set = async (patch: Parameters<typeof update>[0]) => {
    const r = await update(patch);
    setProblem(r.ok ? null : r.error.message);
  };
  return (
    <section className="settings-section" aria-labelledby="settings-sending">
      <h2 id="settings-sending">Sending</h2>
      <div className="settings-field narrow">
        <label htmlFor={`${id}-cap`}>Tasks at once per key</label>
        <input
          id={`${id}-cap`}
          className="field-input"
          type="number"
          min={1}
          max={MAX_CONCURRENCY_PER_KEY}
          value={preferences.concurrencyPerKey}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isInteger(n) && n >= 1 && n <= MAX_CONCURRENCY_PER_KEY) void set({ concurrencyPerKey: n });
          }}
        />
        <span className="field-hint">
          The rest wait in the queue.{' '}
          {preferences.concurrencyPerKey >= SERVICE_ACTIVE_TASK_LIMIT
            ? `The service allows about ${SERVICE_ACTIVE_TASK_LIMIT} active tasks per key; beyond that it answers 429 and Gen Studio waits.`
            : `The service allows about ${SERVICE_ACTIVE_TASK_LIMIT} active tasks per key.`}
        </span>
      </div>
      <fieldset className="settings-radio">
        <legend>Tasks prepared while offline</legend>
        <label>
          <input type="radio" name={`${id}-send`} checked={preferences.sendWhenOnline === 'automatically'} onChange={() => void set({ sendWhenOnline: 'automatically' })} />
          Send automatically when the connection returns
        </label>
        <label>
          <input type="radio" name={`${id}-send`} checked={preferences.sendWhenOnline === 'on-request'} onChange={() => void set({ sendWhenOnline: 'on-request' })} />
          Keep them ready; I send them from the queue
        </label>
      </fieldset>
      {problem && <p className="inline-error">{problem}</p>}
    </section>
  );
}
