import { useId, useState } from 'react';
import { LANGUAGE_CHOICES, LOCALE_NAMES, matchLocale, PSEUDO_LOCALE, type LanguageChoice } from '../../../../shared/i18n/locales';
import { useSettingsStore } from '../../store/settingsStore';
import { useText } from '../../ui/i18n/textStore';
import { Panel } from '../../ui/Panel';

/** The pseudo-locale is for finding words outside the catalogs; only a development build offers it. */
const OFFERED = LANGUAGE_CHOICES.filter((c) => c !== PSEUDO_LOCALE || import.meta.env.DEV);

/** The language of every word: the system's by default, or one always; it changes at once. */
export function LanguageSection() {
  const { t } = useText();
  const choice = useSettingsStore((s) => s.preferences?.language ?? 'system');
  const loaded = useSettingsStore((s) => s.preferences !== null);
  const update = useSettingsStore((s) => s.update);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  if (!loaded) return null;
  const system = LOCALE_NAMES[matchLocale(navigator.languages)];
  return (
    <Panel title={t('settings.language.title')} look="card" level={2} className="settings-section">
      <div className="settings-field narrow">
        <label htmlFor={id}>{t('settings.language.label')}</label>
        <select
          id={id}
          className="field-input"
          value={choice}
          onChange={(e) => void update({ language: e.target.value as LanguageChoice }).then((r) => setProblem(r.ok ? null : r.error.message))}
        >
          {OFFERED.map((c) =>
            c === 'system' ? (
              <option key={c} value={c}>
                {t('settings.language.system', { language: system })}
              </option>
            ) : (
              // Each language in its own words, so an artist finds theirs whatever the screen speaks now.
              <option key={c} value={c} lang={c} translate="no">
                {LOCALE_NAMES[c]}
              </option>
            ),
          )}
        </select>
        <span className="field-hint">{t('settings.language.hint')}</span>
      </div>
      {problem && <p className="inline-error">{problem}</p>}
    </Panel>
  );
}
