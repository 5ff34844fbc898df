import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { chooseEditor, loadEditorChoice } from '../editor/editorActions';
import { useEditorStore } from '../editor/editorStore';

/** Which app "Edit in…" opens: the system's default, a known editor found installed, or one picked once. */
export function EditorSection() {
  const choice = useEditorStore((s) => s.choice);
  const found = useEditorStore((s) => s.found);
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  useEffect(() => void loadEditorChoice(), []);
  if (!choice) return null;
  const choose = (next: Parameters<typeof chooseEditor>[0]) => void chooseEditor(next).then(setProblem);
  const picked = choice.kind === 'app' && !found.some((f) => f.path === choice.path) ? choice : null;
  return (
    <Panel title="Image editor" look="card" level={2} className="settings-section">
      <p className="muted">“Edit in…” in the studio and the gallery opens the picture here; every save there comes back as a new version.</p>
      <fieldset className="settings-radio">
        <legend>Edit pictures in</legend>
        <label>
          <input type="radio" name={name} checked={choice.kind === 'system'} onChange={() => choose({ kind: 'system' })} />
          The system’s default app for the picture’s type
        </label>
        {found.map((f) => (
          <label key={f.path}>
            <input type="radio" name={name} checked={choice.kind === 'app' && choice.path === f.path} onChange={() => choose({ kind: 'app', name: f.name, path: f.path })} />
            {f.name} <span className="muted">({f.path})</span>
          </label>
        ))}
        {picked && (
          <label>
            <input type="radio" name={name} checked readOnly />
            {picked.name} <span className="muted">({picked.path})</span>
          </label>
        )}
      </fieldset>
      {found.length === 0 && <p className="muted">Krita, Photoshop, GIMP and Affinity Photo were not found in their usual places.</p>}
      <Button onClick={() => choose({ kind: 'pick' })}>Choose another app…</Button>
      {problem && <p className="inline-error">{problem}</p>}
    </Panel>
  );
}
