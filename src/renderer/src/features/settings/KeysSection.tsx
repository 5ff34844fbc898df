import { useState, type FormEvent } from 'react';
import type { KeyInfo } from '../../../../shared/ipc/contract';
import { useKeyStore } from '../../store/keyStore';
import { Badge } from '../../ui/Badge';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AddKeyForm } from './AddKeyForm';
import { Button } from '../../ui/Button';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { useText } from '../../ui/i18n/textStore';
import { say } from '../../../../shared/i18n/say';

/** The badge of a key that cannot be used yet, by where reading it from the keychain stands. */
const READING_BADGE: Record<Exclude<KeyInfo['reading'], 'read'>, MessageId> = {
  reading: 'keys.reading',
  missing: 'keys.missing',
  unreachable: 'keys.unreachable',
};

function KeyRow({ k }: { k: KeyInfo }) {
  // Long (over 80 lines) for its markup (over 90 of its lines): a key's label, destination, connection and actions.
  const { update, activate, remove, test, retry } = useKeyStore.getState();
  const text = useText();
  const { t } = text;
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
    setProblem(r.ok ? null : (r.error?.message ?? t('common.didNotWork')));
  };

  return (
    <li className="key-row" aria-label={t('keys.row', { name: k.label })}>
      {editing ? (
        <form className="key-edit" aria-label={t('keys.renameForm', { name: k.label })} onSubmit={(e) => void save(e)}>
          <input className="field-input" aria-label={t('keys.label')} value={label} onChange={(e) => setLabel(e.target.value)} />
          <input className="field-input" aria-label={t('keys.organization')} value={organization} onChange={(e) => setOrganization(e.target.value)} />
          <input className="field-input" aria-label={t('keys.project')} value={project} onChange={(e) => setProject(e.target.value)} />
          <Button type="submit" variant="primary">
            {t('common.save')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
        </form>
      ) : (
        <div className="key-main">
          <span className="key-label" translate="no">
            {k.label}
          </span>
          <code className="key-hint" aria-label={t('keys.lastFour')}>
            ···{k.hint}
          </code>
          {k.active && <Badge tone="info">{t('keys.active')}</Badge>}
          {k.storage === 'session' && (
            <Badge tone="warn" title={t('keys.sessionOnly.title')}>
              {t('keys.sessionOnly')}
            </Badge>
          )}
          {k.removalPending ? (
            <Badge tone="warn" title={t('keys.removalPending.title')}>
              {t('keys.removalPending')}
            </Badge>
          ) : (
            !k.available && k.reading !== 'read' && <Badge tone="warn">{t(READING_BADGE[k.reading])}</Badge>
          )}
          <span className="muted">
            {t('keys.belongsTo', { owner: [k.organization, k.project].filter(Boolean).join(' / ') || t('keys.noOrganization'), connection: k.connectionLabel })}
          </span>
        </div>
      )}
      {k.removalPending ? (
        <>
          <p className="muted small" role="note">
            {t('keys.removalPending.note')}
          </p>
          <div className="key-actions">
            <Button onClick={() => void act(remove(k.id))}>{t('keys.tryAgainNow')}</Button>
          </div>
        </>
      ) : (
        <div className="key-actions">
          <Button onClick={() => void test(k.id)} disabled={result?.outcome === 'testing'}>
            {t('keys.test')}
          </Button>
          {!editing && <Button onClick={() => setEditing(true)}>{t('keys.rename')}</Button>}
          {!k.active && <Button onClick={() => void act(activate(k.id))}>{t('keys.use')}</Button>}
          <Button variant="danger" onClick={() => setConfirmRemove(true)}>
            {t('common.remove')}
          </Button>
        </div>
      )}
      {k.problem && k.reading === 'reading' && (
        // Still being read from the keychain: a check under way, said quietly, not a problem.
        <p className="muted" role="status">
          {say(text, k.problemWords, k.problem)}
        </p>
      )}
      {k.problem && k.reading !== 'read' && k.reading !== 'reading' && (
        <div className="key-problem" role="alert">
          <p className="inline-error">{say(text, k.problemWords, k.problem)}</p>
          {k.reading === 'unreachable' && <Button onClick={() => void retry()}>{t('common.retry')}</Button>}
        </div>
      )}
      {result && !k.removalPending && (
        <p className={result.outcome === 'accepted' ? 'inline-ok' : result.outcome === 'testing' ? 'muted' : 'inline-error'} role="status">
          {result.outcome === 'testing' ? t('keys.testing') : say(text, result.words, result.message)}
        </p>
      )}
      {problem && <p className="inline-error">{problem}</p>}
      {confirmRemove && (
        <ConfirmDialog
          title={t('keys.confirmRemove.title', { name: k.label })}
          message={t('keys.confirmRemove.message')}
          confirmLabel={t('keys.confirmRemove.confirm')}
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
  const text = useText();
  const { t } = text;
  const keys = useKeyStore((s) => s.keys);
  const keychain = useKeyStore((s) => s.keychain);
  return (
    <section className="settings-section" aria-labelledby="settings-keys">
      <h2 id="settings-keys">{t('keys.title')}</h2>
      {keychain && (
        <p className={keychain.available ? 'keychain ok' : keychain.checking ? 'keychain checking' : 'keychain missing'} role="status" aria-label={t('keys.keychain')}>
          {keychain.available ? (
            t('keys.keychainStored', { backend: keychain.backend })
          ) : keychain.backend === 'none' ? (
            t('keys.noKeychain')
          ) : (
            // Why the keychain did not answer is main's to say (locked, no Secret Service, no answer).
            say(text, keychain.words, keychain.message)
          )}
        </p>
      )}
      {keys.length === 0 ? (
        <p className="muted">{t('keys.none')}</p>
      ) : (
        <ul className="key-list" aria-label={t('keys.title')}>
          {keys.map((k) => (
            <KeyRow key={k.id} k={k} />
          ))}
        </ul>
      )}
      <AddKeyForm />
    </section>
  );
}
