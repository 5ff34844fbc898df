import { useState, type FormEvent } from 'react';
import type { ConnectionInfo } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/ipc/result';
import { useConnectionStore } from '../../store/connectionStore';
import { Badge } from '../../ui/Badge';
import { generalError, issueFor } from './issues';
import { Button } from '../../ui/Button';

function EditConnection({ c, done }: { c: ConnectionInfo; done: () => void }) {
  const update = useConnectionStore((s) => s.update);
  const [label, setLabel] = useState(c.label);
  const [baseUrl, setBaseUrl] = useState(c.baseUrl ?? '');
  const [regional, setRegional] = useState(c.regionalBaseUrl ?? '');
  const [word, setWord] = useState(c.endpointWord);
  const [error, setError] = useState<IpcError | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const r = await update(c.id, { label, baseUrl, regionalBaseUrl: regional.trim() || null, endpointWord: word });
    if (r.ok) done();
    else setError(r.error);
  };
  const input = (name: string, value: string, set: (v: string) => void, field: string) => (
    <label className="settings-field">
      {name}
      <input className="field-input" value={value} onChange={(e) => set(e.target.value)} aria-invalid={issueFor(error, field) ? true : undefined} />
      {issueFor(error, field) && <span className="form-error">{issueFor(error, field)}</span>}
    </label>
  );
  return (
    <form className="settings-grid" aria-label={`Edit ${c.label}`} onSubmit={(e) => void save(e)}>
      {input('Name', label, setLabel, 'label')}
      {input('Base URL', baseUrl, setBaseUrl, 'baseUrl')}
      {input('Regional base URL', regional, setRegional, 'regionalBaseUrl')}
      {input('Word in the service’s addresses', word, setWord, 'endpointWord')}
      <div className="settings-actions">
        <Button type="submit" variant="primary">
          Save
        </Button>
        <Button onClick={done}>
          Cancel
        </Button>
        {generalError(error) && <span className="inline-error">{generalError(error)}</span>}
      </div>
    </form>
  );
}

/** The built-in Sandbox and the service connections: addresses, endpoint word, and which one is in use. */
export function ConnectionsSection() {
  const connections = useConnectionStore((s) => s.connections);
  const { activate, remove } = useConnectionStore.getState();
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (p: Promise<{ ok: boolean; error?: { message: string } }>) => {
    const r = await p;
    setProblem(r.ok ? null : (r.error?.message ?? 'That did not work.'));
  };
  return (
    <section className="settings-section" aria-labelledby="settings-connections">
      <h2 id="settings-connections">Connections</h2>
      <ul className="connection-list" aria-label="Connections">
        {connections.map((c) => (
          <li key={c.id} className="connection-row" aria-label={`Connection ${c.label}`}>
            {editing === c.id ? (
              <EditConnection c={c} done={() => setEditing(null)} />
            ) : (
              <>
                <div>
                  <strong>{c.label}</strong> {c.active && <Badge tone="info">in use</Badge>}{' '}
                  {c.kind === 'sandbox' && <Badge tone="warn">built in</Badge>}
                  <div className="muted small">
                    {c.baseUrl ?? 'starts when first used'}
                    {c.regionalBaseUrl && c.regionalBaseUrl !== c.baseUrl ? ` · regional ${c.regionalBaseUrl}` : ''} · word “{c.endpointWord}”
                    {c.keyLabel ? ` · key ${c.keyLabel} ···${c.keyHint}` : ''}
                  </div>
                  <div className="small connection-note">{c.note}</div>
                </div>
                <div className="key-actions">
                  {!c.active && (
                    <Button onClick={() => void act(activate(c.id))}>
                      Use
                    </Button>
                  )}
                  {c.kind === 'service' && (
                    <>
                      <Button onClick={() => setEditing(c.id)}>
                        Edit
                      </Button>
                      <Button variant="danger" onClick={() => void act(remove(c.id))}>
                        Remove
                      </Button>
                    </>
                  )}
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {problem && (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
