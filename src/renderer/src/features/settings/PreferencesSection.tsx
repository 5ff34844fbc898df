import { useId, useState } from 'react';
import { MAX_CONCURRENCY_PER_KEY, SERVICE_ACTIVE_TASK_LIMIT } from '../../../../shared/ipc/contract';
import { useSettingsStore } from '../../store/settingsStore';
import { useText } from '../../ui/i18n/textStore';

/** How many tasks go out at once per key, and what happens to tasks prepared offline. */
export function PreferencesSection() {
  const { t } = useText();
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
      <h2 id="settings-sending">{t('settings.sending')}</h2>
      <div className="settings-field narrow">
        <label htmlFor={`${id}-cap`}>{t('settings.sending.perKey')}</label>
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
          {t(preferences.concurrencyPerKey >= SERVICE_ACTIVE_TASK_LIMIT ? 'settings.sending.perKeyAtLimit' : 'settings.sending.perKeyHint', { limit: SERVICE_ACTIVE_TASK_LIMIT })}
        </span>
      </div>
      <fieldset className="settings-radio">
        <legend>{t('settings.sending.offline')}</legend>
        <label>
          <input type="radio" name={`${id}-send`} checked={preferences.sendWhenOnline === 'automatically'} onChange={() => void set({ sendWhenOnline: 'automatically' })} />
          {t('settings.sending.automatically')}
        </label>
        <label>
          <input type="radio" name={`${id}-send`} checked={preferences.sendWhenOnline === 'on-request'} onChange={() => void set({ sendWhenOnline: 'on-request' })} />
          {t('settings.sending.onRequest')}
        </label>
      </fieldset>
      {problem && <p className="inline-error">{problem}</p>}
    </section>
  );
}
