import { useMemo, useState } from 'react';
import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../../shared/catalog/field';
import type { AssetInfo } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/ipc/result';
import { useConnectionStore } from '../../store/connectionStore';
import { useNavigationStore } from '../../store/navigationStore';
import { selectActiveConnection } from '../../store/selectors';
import { send } from '../../store/sendTasks';
import { useTaskStore } from '../../store/taskStore';
import { EndpointForm } from '../forms/EndpointForm';
import type { FormValues } from '../forms/fieldModel';
import { stateLabel } from '../../text/taskText';
import { AssetPicker } from './AssetPicker';
import { clientIssues, hiddenInGenerate, pickable, toTaskRequest, visibleIssues, type MediaInputs } from './generateModel';
import '../../ui/ui.css';
import './generate.css';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/i18n/textStore';
import { say, sayTold } from '../../../../shared/i18n/say';

/**
 * Generate from the endpoint's own form: the catalog checks it as the user types, main checks it again, and
 * the service's own 422 issues come back onto the fields they name.
 */
export function GeneratePanel({ endpoint }: { endpoint: EndpointSpec }) {
  // Long (over 80 lines) for its markup and the form's own state (values, media, what was touched or edited, whether
  // Generate was tried), which its fields and its send share.
  const [values, setValues] = useState<FormValues>({});
  const [media, setMedia] = useState<MediaInputs>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [editedSince, setEditedSince] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [submitError, setSubmitError] = useState<IpcError | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = useText();
  const { t } = text;
  const task = useTaskStore((s) => (taskId ? s.tasks[taskId] : undefined));
  const active = useConnectionStore(selectActiveConnection);
  const show = useNavigationStore((s) => s.show);

  const client = useMemo(() => clientIssues(endpoint, values, media), [endpoint, values, media]);
  // Issues from main's check or the service's 422, until the user changes the field they name.
  const returned = [...(submitError?.issues ?? []), ...(task?.error?.issues ?? [])];
  const issues = visibleIssues(client, { touched, attempted, returned, editedSince });

  const change = (name: string, value: JsonValue | undefined) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => new Set(t).add(name));
    setEditedSince((t) => new Set(t).add(name));
  };
  const changeMedia = (name: string, asset: AssetInfo | undefined) => {
    setMedia((m) => ({ ...m, [name]: asset }));
    setTouched((t) => new Set(t).add(name));
    setEditedSince((t) => new Set(t).add(name));
  };

  const generate = async () => {
    setAttempted(true);
    if (client.length > 0) return;
    setBusy(true);
    // The studio's own path: main checks and sends, and the task joins the store the strip and queue read.
    const sent = await send(toTaskRequest(endpoint, values, media), 1, null);
    setBusy(false);
    setEditedSince(new Set());
    if (sent.ok) {
      setSubmitError(null);
      setTaskId(sent.tasks[0]?.id ?? null);
    } else {
      setSubmitError(sent.error);
    }
  };

  return (
    <section className="generate" aria-labelledby="generate-title">
      <h3 id="generate-title">{t('studio.generate')}</h3>
      {active && (
        <p className={`generate-connection connection-${active.kind}`} role="note" aria-label={t('studio.try.connectionNote')}>
          {active.keyLabel ? t('studio.try.sendsToWithKey', { connection: active.label, key: active.keyLabel, hint: active.keyHint ?? '' }) : t('studio.try.sendsTo', { connection: active.label })}{' '}
          <span>{say(text, active.noteWords, active.note)}</span>
        </p>
      )}
      <EndpointForm
        endpoint={endpoint}
        values={values}
        issues={issues}
        onChange={change}
        hide={hiddenInGenerate}
        disabled={busy}
        renderMedia={(f) =>
          pickable(f) ? <AssetPicker endpoint={endpoint} field={f} asset={media[f.name]} onChange={(a) => changeMedia(f.name, a)} /> : undefined
        }
      />
      <div className="generate-actions">
        <Button variant="primary" onClick={() => void generate()} disabled={busy}>
          {t('studio.generate')}
        </Button>
        {attempted && client.length > 0 && (
          <span className="inline-error" role="alert">
            {t('studio.try.fixFirst')}
          </span>
        )}
        {submitError && !submitError.issues?.length && (
          <span className="inline-error" role="alert">
            {sayTold(text, submitError)}
          </span>
        )}
      </div>
      {task && (
        <p className="generate-status" role="status" aria-label={t('studio.try.lastTask')}>
          {stateLabel(task.state, text)}
          {task.error ? ': ' : ''}
          {task.error && <span translate="no">{task.error.message}</span>}{' '}
          <Button variant="link" onClick={() => show(task.state === 'done' ? 'library' : 'queue')}>
            {t(task.state === 'done' ? 'studio.try.showLibrary' : 'studio.try.showQueue')}
          </Button>
        </p>
      )}
    </section>
  );
}
