import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_ENDPOINT_WORD } from '../../../../shared/catalog/catalog';
import type { IpcError } from '../../../../shared/ipc/result';
import { useConnectionStore } from '../../store/connectionStore';
import { useKeyStore } from '../../store/keyStore';
import { generalError, issueFor } from './issues';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/i18n/textStore';

const NEW = '__new__';

function Field(props: { label: string; value: string; onChange: (v: string) => void; error?: string; type?: string; placeholder?: string; hint?: string; required?: boolean }) {
  const id = useId();
  return (
    <div className="settings-field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span className="req"> *</span> : null}
      </label>
      <input
        id={id}
        className="field-input"
        type={props.type ?? 'text'}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete="off"
        spellCheck={false}
        // What is typed here (names, addresses) and the example address are the artist's, not the app's words.
        translate="no"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && !props.error && (
        <span className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      )}
      {props.error && (
        <span className="form-error" id={`${id}-error`} role="alert">
          {props.error}
        </span>
      )}
    </div>
  );
}

/**
 * Adds a key: its label, organization and project as the user types them, the key itself (sent to main once,
 * never shown again), and the connection it belongs to, which can be created here.
 */
export function AddKeyForm() {
  // Long (over 80 lines) for its markup and the form's fields: label, organization, project, API key, and a new
  // connection's name, addresses and word.
  const { t } = useText();
  const connections = useConnectionStore((s) => s.connections).filter((c) => c.kind === 'service');
  const keychain = useKeyStore((s) => s.keychain);
  const add = useKeyStore((s) => s.add);
  const [label, setLabel] = useState('');
  const [organization, setOrganization] = useState('');
  const [project, setProject] = useState('');
  const [secret, setSecret] = useState('');
  const [connectionId, setConnectionId] = useState<string>('');
  const [name, setName] = useState(() => t('addKey.defaultConnectionName'));
  const [baseUrl, setBaseUrl] = useState('');
  const [regionalBaseUrl, setRegionalBaseUrl] = useState('');
  const [endpointWord, setEndpointWord] = useState(DEFAULT_ENDPOINT_WORD);
  const [sessionOnly, setSessionOnly] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  const chosen = connectionId || (connections[0]?.id ?? NEW);
  const creating = chosen === NEW;
  const noKeychain = keychain !== null && !keychain.available;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setAdded(null);
    const result = await add({
      label,
      organization,
      project,
      secret,
      connection: creating
        ? { create: { label: name, baseUrl, regionalBaseUrl: regionalBaseUrl.trim() || null, endpointWord } }
        : { id: chosen },
      sessionOnly: noKeychain && sessionOnly,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setSecret('');
    setLabel('');
    setAdded(t(result.value.storage === 'session' ? 'addKey.addedSession' : 'addKey.added', { name: result.value.label, hint: result.value.hint }));
  };

  return (
    <form className="settings-form" aria-label={t('addKey.title')} onSubmit={(e) => void submit(e)}>
      <h3>{t('addKey.title')}</h3>
      <div className="settings-grid">
        <Field label={t('keys.label')} value={label} onChange={setLabel} error={issueFor(error, 'label')} placeholder={t('addKey.labelPlaceholder')} required />
        <Field label={t('keys.organization')} value={organization} onChange={setOrganization} error={issueFor(error, 'organization')} />
        <Field label={t('keys.project')} value={project} onChange={setProject} error={issueFor(error, 'project')} />
        <Field label={t('addKey.secret')} type="password" value={secret} onChange={setSecret} error={issueFor(error, 'secret')} hint={t(noKeychain ? 'addKey.secretHintMemory' : 'addKey.secretHint')} required />
        <div className="settings-field">
          <label htmlFor={selectId}>{t('addKey.connection')}</label>
          <select id={selectId} className="field-input" value={chosen} onChange={(e) => setConnectionId(e.target.value)}>
            {connections.map((c) => (
              <option key={c.id} value={c.id} translate="no">
                {c.label} ({c.baseUrl})
              </option>
            ))}
            <option value={NEW}>{t('addKey.newConnectionOption')}</option>
          </select>
        </div>
      </div>
      {creating && (
        <fieldset className="settings-grid">
          <legend>{t('addKey.newConnection')}</legend>
          <Field label={t('addKey.connectionName')} value={name} onChange={setName} error={issueFor(error, 'label')} required />
          <Field label={t('connections.baseUrl')} value={baseUrl} onChange={setBaseUrl} error={issueFor(error, 'baseUrl')} placeholder="https://api.example.com" hint={t('addKey.baseUrlHint')} required />
          <Field label={t('connections.regionalBaseUrl')} value={regionalBaseUrl} onChange={setRegionalBaseUrl} error={issueFor(error, 'regionalBaseUrl')} hint={t('addKey.regionalHint')} />
          <Field label={t('connections.word')} value={endpointWord} onChange={setEndpointWord} error={issueFor(error, 'endpointWord')} hint={t('addKey.wordHint', { word: DEFAULT_ENDPOINT_WORD })} />
        </fieldset>
      )}
      {noKeychain && (
        <label className="settings-check">
          <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} />
          {t('addKey.sessionOnly')}
        </label>
      )}
      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={busy || (noKeychain && !sessionOnly)}>
          {t('addKey.submit')}
        </Button>
        {generalError(error) && (
          <span className="inline-error" role="alert">
            {generalError(error)}
          </span>
        )}
        {added && (
          <span className="inline-ok" role="status">
            {added}
          </span>
        )}
      </div>
    </form>
  );
}
