import { useState, type FormEvent } from 'react';
import type { ConnectionInfo } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/ipc/result';
import { useConnectionStore } from '../../store/connectionStore';
import { Badge } from '../../ui/Badge';
import { generalError, issueFor } from './issues';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/i18n/textStore';
import { say } from '../../../../shared/i18n/say';

function EditConnection({ c, done }: { c: ConnectionInfo; done: () => void }) {
  const { t } = useText();
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
    <form className="settings-grid" aria-label={t('connections.edit', { name: c.label })} onSubmit={(e) => void save(e)}>
      {input(t('connections.name'), label, setLabel, 'label')}
      {input(t('connections.baseUrl'), baseUrl, setBaseUrl, 'baseUrl')}
      {input(t('connections.regionalBaseUrl'), regional, setRegional, 'regionalBaseUrl')}
      {input(t('connections.word'), word, setWord, 'endpointWord')}
      <div className="settings-actions">
        <Button type="submit" variant="primary">
          {t('common.save')}
        </Button>
        <Button onClick={done}>{t('common.cancel')}</Button>
        {generalError(error) && <span className="inline-error">{generalError(error)}</span>}
      </div>
    </form>
  );
}

/** The built-in Sandbox and the service connections: addresses, endpoint word, and which one is in use. */
export function ConnectionsSection() {
  const text = useText();
  const { t } = text;
  const connections = useConnectionStore((s) => s.connections);
  const { activate, remove } = useConnectionStore.getState();
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (p: Promise<{ ok: boolean; error?: { message: string } }>) => {
    const r = await p;
    setProblem(r.ok ? null : (r.error?.message ?? t('common.didNotWork')));
  };
  return (
    <section className="settings-section" aria-labelledby="settings-connections">
      <h2 id="settings-connections">{t('connections.title')}</h2>
      <ul className="connection-list" aria-label={t('connections.title')}>
        {connections.map((c) => (
          <li key={c.id} className="connection-row" aria-label={t('connections.row', { name: c.label })}>
            {editing === c.id ? (
              <EditConnection c={c} done={() => setEditing(null)} />
            ) : (
              <>
                <div>
                  <strong translate="no">{c.label}</strong> {c.active && <Badge tone="info">{t('connections.inUse')}</Badge>}{' '}
                  {c.kind === 'sandbox' && <Badge tone="warn">{t('connections.builtIn')}</Badge>}
                  <div className="muted small">
                    {[
                      c.baseUrl ?? t('connections.startsWhenUsed'),
                      c.regionalBaseUrl && c.regionalBaseUrl !== c.baseUrl ? t('connections.regional', { url: c.regionalBaseUrl }) : null,
                      t('connections.wordIs', { word: c.endpointWord }),
                      c.keyLabel ? t('connections.keyIs', { key: c.keyLabel, hint: c.keyHint ?? '' }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                  <div className="small connection-note">{say(text, c.noteWords, c.note)}</div>
                </div>
                <div className="key-actions">
                  {!c.active && (
                    <Button onClick={() => void act(activate(c.id))}>{t('connections.use')}</Button>
                  )}
                  {c.kind === 'service' && (
                    <>
                      <Button onClick={() => setEditing(c.id)}>{t('connections.editButton')}</Button>
                      <Button variant="danger" onClick={() => void act(remove(c.id))}>
                        {t('common.remove')}
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
