import { useId, useState } from 'react';
import { THEME_CHOICES, type ThemeChoice } from '../../../../shared/ipc/contract';
import { useSettingsStore } from '../../store/settingsStore';
import { Panel } from '../../ui/Panel';
import { useThemeStore } from '../../ui/theme/themeStore';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { useText } from '../../ui/i18n/textStore';

const LABELS: Record<ThemeChoice, MessageId> = { system: 'settings.theme.system', light: 'settings.theme.light', dark: 'settings.theme.dark' };

/** Light or dark: the system's setting by default, or one of them always. */
export function AppearanceSection() {
  const { t } = useText();
  const choice = useSettingsStore((s) => s.preferences?.theme ?? 'system');
  const loaded = useSettingsStore((s) => s.preferences !== null);
  const update = useSettingsStore((s) => s.update);
  const system = useThemeStore((s) => s.system);
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  if (!loaded) return null;
  return (
    <Panel title={t('settings.appearance')} look="card" level={2} className="settings-section">
      <fieldset className="settings-radio">
        <legend>{t('settings.theme')}</legend>
        {THEME_CHOICES.map((c) => (
          <label key={c}>
            <input
              type="radio"
              name={name}
              checked={choice === c}
              onChange={() =>
                void update({ theme: c }).then((r) => setProblem(r.ok ? null : r.error.message))
              }
            />
            {t(LABELS[c])}
            {c === 'system' && <span className="muted"> {t('settings.theme.now', { theme: system })}</span>}
          </label>
        ))}
      </fieldset>
      {problem && <p className="inline-error">{problem}</p>}
    </Panel>
  );
}
