import { useState, type FormEvent } from 'react';
import type { KeyInfo } from '../../../../shared/ipc/contract';
import { useKeyStore } from '../../store/keyStore';
import { Badge } from '../../ui/Badge';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AddKeyForm } from './AddKeyForm';
import { Button } from '../../ui/Button';

/** The badge of a key that cannot be used yet, by where reading it from the keychain stands. */
const READING_BADGE: Record<KeyInfo['reading'], string> = {
  read: '',
  reading: 'reading…',
  missing: 'missing from the keychain',
  unreachable: 'keychain did not answer',
};

function KeyRow({ k }: { k: KeyInfo }) {
  // Long (over 80 lines) for its markup (over 90 of its lines): a key's label, destination, connection and actions.
  const { update, activate, remove, test, retry } = useKeyStore.getState();
  const result = useKeyStore((s) => s.tests[k.id]);
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(k.label);
  const [organization, setOrganization] = useState(k.organization);
  const [project, setProject] = useState(k.project);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const r = await update(k.id, { label, organization, project });
    if (r.ok) setEditing(false);
    else setProblem(r.error.message);
  };
  const act = async (p: Promise<{ ok: boolean; error?: { message: string } }>) => {
    const r = await p;
    setProblem(r.ok ? null : (r.error?.message ?? 'That did not work.'));
  };

  return (
    <li className="key-row" aria-label={`Key ${k.label}`}>
      {editing ? (
        <form className="key-edit" aria-label={`Rename ${k.label}`} onSubmit={(e) => void save(e)}>
          <input className="field-input" aria-label="Label" value={label} onChange={(e) => setLabel(e.target.value)} />
          <input className="field-input" aria-label="Organization" value={organization} onChange={(e) => setOrganization(e.target.value)} />
          <input className="field-input" aria-label="Project" value={project} onChange={(e) => setProject(e.target.value)} />
          <Button type="submit" variant="primary">
            Save
          </Button>
          <Button onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="key-main">
          <span className="key-label">{k.label}</span>
          <code className="key-hint" aria-label="Last four characters">
            ···{k.hint}
          </code>
          {k.active && <Badge tone="info">active</Badge>}
          {k.storage === 'session' && (
            <Badge tone="warn" title="Kept in memory: forgotten when Gen Studio quits">
              this session only
            </Badge>
          )}
          {k.removalPending ? (
            <Badge tone="warn" title="Not used any more; still stored in the keychain until it answers">
              removal pending
            </Badge>
          ) : (
            !k.available && <Badge tone="warn">{READING_BADGE[k.reading]}</Badge>
          )}
          <span className="muted">
            {[k.organization, k.project].filter(Boolean).join(' / ') || 'no organization or project'} · {k.connectionLabel}
          </span>
        </div>
      )}
      {k.removalPending ? (
        <>
          <p className="muted small" role="note">
            Gen Studio no longer uses this key. The keychain did not answer when you removed it (it may be locked), so the
            key is still stored there; Gen Studio deletes it as soon as the keychain answers.
          </p>
          <div className="key-actions">
            <Button onClick={() => void act(remove(k.id))}>
              Try again now
            </Button>
          </div>
        </>
      ) : (
        <div className="key-actions">
          <Button onClick={() => void test(k.id)} disabled={result?.outcome === 'testing'}>
            Test
          </Button>
          {!editing && (
            <Button onClick={() => setEditing(true)}>
              Rename
            </Button>
          )}
          {!k.active && (
            <Button onClick={() => void act(activate(k.id))}>
              Use this key
            </Button>
          )}
          <Button variant="danger" onClick={() => setConfirmRemove(true)}>
            Remove
          </Button>
        </div>
      )}
      {k.problem && k.reading !== 'read' && (
        <div className="key-problem" role="alert">
          <p className="inline-error">{k.problem}</p>
          {k.reading === 'unreachable' && <Button onClick={() => void retry()}>Retry</Button>}
        </div>
      )}
      {result && !k.removalPending && (
        <p className={result.outcome === 'accepted' ? 'inline-ok' : result.outcome === 'testing' ? 'muted' : 'inline-error'} role="status">
          {result.outcome === 'testing' ? 'Testing…' : result.message}
        </p>
      )}
      {problem && <p className="inline-error">{problem}</p>}
      {confirmRemove && (
        <ConfirmDialog
          title={`Remove “${k.label}”?`}
          message="The key is deleted from the keychain. Tasks already sent with it keep their results; queued ones cannot be sent without it."
          confirmLabel="Remove key"
          onCancel={() => setConfirmRemove(false)}
          onConfirm={() => {
            setConfirmRemove(false);
            void act(remove(k.id));
          }}
        />
      )}
    </li>
  );
}

/** Keys: where they are kept, each with its label and last four characters; add, rename, test, use, remove. */
export function KeysSection() {
  const keys = useKeyStore((s) => s.keys);
  const keychain = useKeyStore((s) => s.keychain);
  return (
    <section className="settings-section" aria-labelledby="settings-keys">
      <h2 id="settings-keys">Keys</h2>
      {keychain && (
        <p className={keychain.available ? 'keychain ok' : 'keychain missing'} role="status" aria-label="Keychain">
          {keychain.message}
        </p>
      )}
      {keys.length === 0 ? (
        <p className="muted">No keys yet: Gen Studio uses the built-in Sandbox until you add one.</p>
      ) : (
        <ul className="key-list" aria-label="Keys">
          {keys.map((k) => (
            <KeyRow key={k.id} k={k} />
          ))}
        </ul>
      )}
      <AddKeyForm />
    </section>
  );
}
