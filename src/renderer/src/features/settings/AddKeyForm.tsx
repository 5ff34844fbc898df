import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_ENDPOINT_WORD } from '../../../../shared/catalog/catalog';
import type { IpcError } from '../../../../shared/ipc/result';
import { useConnectionStore } from '../../store/connectionStore';
import { useKeyStore } from '../../store/keyStore';
import { generalError, issueFor } from './issues';
import { Button } from '../../ui/Button';

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
  const connections = useConnectionStore((s) => s.connections).filter((c) => c.kind === 'service');
  const keychain = useKeyStore((s) => s.keychain);
  const add = useKeyStore((s) => s.add);
  const [label, setLabel] = useState('');
  const [organization, setOrganization] = useState('');
  const [project, setProject] = useState('');
  const [secret, setSecret] = useState('');
  const [connectionId, setConnectionId] = useState<string>('');
  const [name, setName] = useState('Service');
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
    setAdded(`Added “${result.value.label}” (···${result.value.hint})${result.value.storage === 'session' ? ', kept for this session only' : ''}.`);
  };

  return (
    <form className="settings-form" aria-label="Add a key" onSubmit={(e) => void submit(e)}>
      <h3>Add a key</h3>
      <div className="settings-grid">
        <Field label="Label" value={label} onChange={setLabel} error={issueFor(error, 'label')} placeholder="Studio key" required />
        <Field label="Organization" value={organization} onChange={setOrganization} error={issueFor(error, 'organization')} />
        <Field label="Project" value={project} onChange={setProject} error={issueFor(error, 'project')} />
        <Field label="API key" type="password" value={secret} onChange={setSecret} error={issueFor(error, 'secret')} hint={noKeychain ? 'Gen Studio shows only its last four characters.' : 'Stored in the keychain; Gen Studio shows only its last four characters.'} required />
        <div className="settings-field">
          <label htmlFor={selectId}>Connection</label>
          <select id={selectId} className="field-input" value={chosen} onChange={(e) => setConnectionId(e.target.value)}>
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label} ({c.baseUrl})
              </option>
            ))}
            <option value={NEW}>New connection…</option>
          </select>
        </div>
      </div>
      {creating && (
        <fieldset className="settings-grid">
          <legend>New connection</legend>
          <Field label="Connection name" value={name} onChange={setName} error={issueFor(error, 'label')} required />
          <Field label="Base URL" value={baseUrl} onChange={setBaseUrl} error={issueFor(error, 'baseUrl')} placeholder="https://api.example.com" hint="https only (http is allowed for this computer)." required />
          <Field label="Regional base URL" value={regionalBaseUrl} onChange={setRegionalBaseUrl} error={issueFor(error, 'regionalBaseUrl')} hint="Where finetunes are deleted and finetuned models run, if your service has a separate regional address; the base URL when empty." />
          <Field label="Word in the service’s addresses" value={endpointWord} onChange={setEndpointWord} error={issueFor(error, 'endpointWord')} hint="Only for a service whose model addresses use another word than “gen”; leave it as it is otherwise." />
        </fieldset>
      )}
      {noKeychain && (
        <label className="settings-check">
          <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} />
          Keep this key in memory for this session only (it is forgotten when Gen Studio quits)
        </label>
      )}
      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={busy || (noKeychain && !sessionOnly)}>
          Add key
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
