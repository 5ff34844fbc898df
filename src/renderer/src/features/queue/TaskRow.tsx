import { useState } from 'react';
import type { TaskInfo } from '../../../../shared/ipc/contract';
import { useNavigationStore } from '../../store/navigationStore';
import { useTaskStore } from '../../store/taskStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Button } from '../../ui/Button';
import { useLibraryStore } from '../../store/libraryStore';
import { useLibraryItem } from '../../store/useLibraryItem';
import { useAssetThumbnail } from './useAssetThumbnail';
import { costText, elapsedText, nameOf, progressPercent, promptOf, serviceStatusText, stateLabel, untilText } from '../../text/taskText';
import { useText } from '../../ui/i18n/textStore';
import { Icon } from '../../ui/icons';
import { say, sayTold } from '../../../../shared/i18n/say';
import type { IpcError } from '../../../../shared/ipc/result';
import { IssueLine } from '../forms/IssueLine';

type Pending = 'cancel' | 'retry' | null;

/** One task in the queue: what it is, where it stands, what it cost, and what the user can do about it. */
export function TaskRow({ task, position, now }: { task: TaskInfo; /** its place in line, while it waits for a slot */ position: number | null; now: number }) {
  // Long (over 80 lines) for its markup (about 120 of its lines): a task's state, progress, cost, error and actions.
  const { cancel, retry, send, clear } = useTaskStore.getState();
  const text = useText();
  const { t } = text;
  const [confirm, setConfirm] = useState<Pending>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const title = nameOf(task, text);
  const state = stateLabel(task.state, text);
  const percent = progressPercent(task);
  const cost = costText(task, text);
  const status = serviceStatusText(task);
  const prompt = promptOf(task.params);
  const retryAt = task.state === 'waiting' ? untilText(task.nextAttemptAt, now, text) : null;
  const inputThumb = useAssetThumbnail(task.inputAssetIds[0] ?? null);
  // Among the newest results the app holds, or asked for (a task of long ago).
  const result = useLibraryItem(task.resultId);
  const resultThumb = result ? (result.thumbnailUrl ?? (result.mime.startsWith('image/') ? result.url : null)) : null;
  const openResult = () => {
    if (!result) return;
    useLibraryStore.setState({ requestedOpen: result.id });
    useNavigationStore.getState().show('library');
  };

  const run = async (action: () => Promise<{ ok: boolean; error?: IpcError }>) => {
    setProblem(null);
    const result = await action();
    if (!result.ok) setProblem(result.error ? sayTold(text, result.error) : t('common.didNotWork'));
  };
  const onCancel = () => (task.cancelWarning ? setConfirm('cancel') : void run(() => cancel(task.id)));
  const onRetry = () => (task.retryWarning ? setConfirm('retry') : void run(() => retry(task.id, false)));
  // Main's words about the task, said in the language on screen (a record from before message ids holds English).
  const detail = say(text, task.detailWords, task.detail);
  const warning = confirm === 'cancel' ? say(text, task.cancelWarningWords, task.cancelWarning) : say(text, task.retryWarningWords, task.retryWarning);

  return (
    <li className={`task task-${task.state}`} aria-label={t('task.rowLabel', { name: title, state })} data-task={task.id}>
      <div className="task-thumbs">
        {inputThumb && <img src={inputThumb} alt={t('task.input')} className="task-thumb" />}
        {inputThumb && result && <span className="task-arrow">
            <Icon name="action.becomes" />
          </span>}
        {result &&
          (resultThumb ? (
            <button type="button" className="task-thumb-button" onClick={openResult} aria-label={t('task.openResult')}>
              <img src={resultThumb} alt={t('task.result')} className="task-thumb" />
            </button>
          ) : (
            <button type="button" className="task-thumb-button task-thumb video" onClick={openResult} aria-label={t('task.openResult')}>
              <Icon name="action.video" size={20} />
            </button>
          ))}
      </div>
      <div className="task-main">
        <div className="task-title">
          <span className="task-endpoint" translate="no">
            {title}
          </span>
          <span className={`task-state state-${task.state}`} role="status">
            {[state, position !== null ? t('task.inLine', { position }) : null, status ? t('task.serviceSaid', { status }) : null, retryAt].filter(Boolean).join(' · ')}
          </span>
        </div>
        {prompt && (
          <p className="task-prompt" translate="no">
            {prompt}
          </p>
        )}
        {percent !== null && (task.state === 'running' || task.state === 'downloading') && (
          <div className="task-progress"  role="progressbar" aria-label={t('task.progress')} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${percent}%` }} />
          </div>
        )}
        {detail && <p className="task-detail">{detail}</p>}
        {task.moderationReasons.length > 0 && (
          <p className="task-moderation">
            {t('task.moderationReasons')}{' '}
            {task.moderationReasons.map((r) => (
              <span key={r} className="badge badge-warn">
                {r}
              </span>
            ))}
          </p>
        )}
        {task.error && (
          <div className="task-error" role="alert">
            {sayTold(text, task.error)}
            {task.error.issues && task.error.issues.length > 0 && (
              <ul>
                {task.error.issues.map((i) => (
                  <li key={`${i.loc.join('.')}:${i.msg}`}>
                    <code>{i.loc.slice(1).join('.') || t('task.request')}</code> <IssueLine issue={i} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {problem && <p className="inline-error">{problem}</p>}
      </div>
      <div className="task-side">
        <dl className="task-facts">
          {cost && (
            <>
              <dt>{t('task.cost')}</dt>
              <dd>{cost}</dd>
            </>
          )}
          {task.outputMp !== null && (
            <>
              <dt>{t('task.output')}</dt>
              <dd>{t('task.megapixels', { mp: task.outputMp })}</dd>
            </>
          )}
          <dt>{t('task.via')}</dt>
          <dd translate="no">{[task.connectionLabel, task.keyLabel].filter(Boolean).join(' · ')}</dd>
          <dt>{t('task.created')}</dt>
          <dd>{text.time(task.createdAt)}</dd>
          <dt>{t(task.finishedAt === null ? 'task.elapsed' : 'task.took')}</dt>
          <dd aria-label={t('task.elapsedTime')}>{elapsedText(task, now, text)}</dd>
        </dl>
        <div className="task-actions">
          {task.canSend && (
            <Button variant="primary" onClick={() => void run(() => send([task.id]))}>
              {t('task.sendNow')}
            </Button>
          )}
          {task.canCancel && (
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
          )}
          {task.canRetry && (
            <Button onClick={onRetry}>{t('common.retry')}</Button>
          )}
          {!task.canCancel && (
            <Button onClick={() => void run(() => clear(task.id))} aria-label={t('task.removeFromQueue', { name: title })}>
              {t('common.remove')}
            </Button>
          )}
        </div>
      </div>
      {confirm && (
        <ConfirmDialog
          title={t(confirm === 'cancel' ? 'task.confirmCancel.title' : 'task.confirmRetry.title')}
          message={warning ?? ''}
          confirmLabel={t(confirm === 'cancel' ? 'task.confirmCancel.confirm' : 'task.confirmRetry.confirm')}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            void run(() => (confirm === 'cancel' ? cancel(task.id) : retry(task.id, true)));
          }}
        />
      )}
    </li>
  );
}
