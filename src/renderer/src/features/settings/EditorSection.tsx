import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { chooseEditor, loadEditorChoice } from '../editor/editorActions';
import { useEditorStore } from '../editor/editorStore';
import type { Saying } from '../../ui/i18n/saying';
import { useText } from '../../ui/i18n/textStore';

/** Which app "Edit in…" opens: the system's default, a known editor found installed, or one picked once. */
export function EditorSection() {
  const text = useText();
  const { t } = text;
  const choice = useEditorStore((s) => s.choice);
  const found = useEditorStore((s) => s.found);
  const systemDefault = useEditorStore((s) => s.systemDefault);
  const [problem, setProblem] = useState<Saying | null>(null);
  const name = useId();
  useEffect(() => void loadEditorChoice(), []);
  if (!choice) return null;
  // a saying is kept as a value: a function given to a state setter would be called as an updater
  const choose = (next: Parameters<typeof chooseEditor>[0]) => void chooseEditor(next).then((said) => setProblem(() => said));
  const picked = choice.kind === 'app' && !found.some((f) => f.path === choice.path) ? choice : null;
  return (
    <Panel title={t('editor.title')} look="card" level={2} className="settings-section">
      <p className="muted">{t('editor.lead')}</p>
      <fieldset className="settings-radio">
        <legend>{t('editor.editIn')}</legend>
        <label>
          <input type="radio" name={name} checked={choice.kind === 'system'} onChange={() => choose({ kind: 'system' })} />
          {t('editor.system')}
          {systemDefault && (
            <span translate="no" className="muted">
              {' '}
              ({systemDefault})
            </span>
          )}
        </label>
        {found.map((f) => (
          <label key={f.path}>
            <input type="radio" name={name} checked={choice.kind === 'app' && choice.path === f.path} onChange={() => choose({ kind: 'app', name: f.name, path: f.path })} />
            <span translate="no">
              {f.name} <span className="muted">({f.path})</span>
            </span>
          </label>
        ))}
        {picked && (
          <label>
            <input type="radio" name={name} checked readOnly />
            <span translate="no">
              {picked.name} <span className="muted">({picked.path})</span>
            </span>
          </label>
        )}
      </fieldset>
      {found.length === 0 && <p className="muted">{t('editor.noneFound')}</p>}
      <Button onClick={() => choose({ kind: 'pick' })}>{t('editor.choose')}</Button>
      {problem && <p className="inline-error">{problem(text)}</p>}
    </Panel>
  );
}
