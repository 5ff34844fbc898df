import { useState } from 'react';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { BatchInfo, BatchItemInfo } from '../../../../shared/ipc/contract';
import { ENDED_WITHOUT_RESULT_STATES, NOT_SENT_STATES } from '../../../../shared/tasks/taskStates';
import { gen } from '../../api';
import { useLibraryStore } from '../../store/libraryStore';
import { useNavigationStore } from '../../store/navigationStore';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ENGLISH_TEXT, type AppText } from '../../../../shared/i18n/text';
import { say } from '../../../../shared/i18n/say';
import { batchName } from '../../../../shared/batch/plan';
import { creditsText } from '../../text/taskText';
import { useText } from '../../ui/i18n/textStore';
import { endedParts } from '../runs/endedText';
import { tallyParts } from '../runs/tallyText';

/** A picture's state, as the select of `batch.item.state` names it. */
const STATE_WORDS: Readonly<Record<string, string>> = {
  unsent: 'waitingTurn',
  'ready-to-send': 'waitingTurn',
  queued: 'waitingTurn',
  waiting: 'waitingRetry',
  submitting: 'sending',
  running: 'making',
  downloading: 'arriving',
  done: 'done',
  failed: 'failed',
  moderated: 'moderated',
  cancelled: 'cancelled',
  'outcome-unknown': 'noAnswer',
  webhook: 'webhook',
};

/** A picture not yet handed to the engine ('unsent', a batch item's own word) is held too. */
const HELD_STATES: ReadonlySet<string> = new Set(['unsent', ...NOT_SENT_STATES]);

/** "about 3 min left", from the pictures done so far. */
export function timeLeftText(seconds: number | null, text: AppText = ENGLISH_TEXT): string {
  if (seconds === null) return text.t('batch.timeLeft.unknown');
  if (seconds === 0) return text.t('batch.timeLeft.none');
  if (seconds < 60) return text.t('batch.timeLeft.seconds', { seconds: Math.max(1, Math.round(seconds)) });
  if (seconds < 3600) return text.t('batch.timeLeft.minutes', { minutes: Math.round(seconds / 60) });
  return text.t('batch.timeLeft.hours', { hours: Math.floor(seconds / 3600), minutes: Math.round((seconds % 3600) / 60) });
}

/**
 * The bar's parts, done first: a picture the safety filter held back or one cancelled did not fail, and painting it
 * the colour of a failure would blame the artist's pictures for it (the counts under the bar say the same).
 */
const BAR_KINDS: Readonly<Record<string, string>> = { done: 'done', moderated: 'held', cancelled: 'cancelled' };
const ENDED: ReadonlySet<string> = ENDED_WITHOUT_RESULT_STATES;
function barSegments(items: readonly BatchItemInfo[]): [kind: string, count: number][] {
  const counts = new Map<string, number>([['done', 0], ['failed', 0], ['held', 0], ['cancelled', 0]]);
  for (const item of items) {
    const kind = BAR_KINDS[item.state] ?? (ENDED.has(item.state) ? 'failed' : null);
    if (kind) counts.set(kind, counts.get(kind)! + 1);
  }
  return [...counts].filter(([, n]) => n > 0);
}

/** A batch's name in the language on screen: its tool and how many pictures it was given. */
export const batchNameText = (batch: Pick<BatchInfo, 'tool' | 'pictures'>, text: AppText): string => say(text, batchName(batch.tool, batch.pictures), '');

/** The batch's counts in whole phrases: done, ended by why, left, sent and held, then paused, cancelled or the time left. */
function countParts(batch: BatchInfo, text: AppText): string[] {
  const after = batch.status === 'paused' ? text.t('batch.counts.paused') : batch.status === 'cancelled' ? text.t('batch.counts.cancelled') : batch.left > 0 ? timeLeftText(batch.secondsLeft, text) : null;
  return [
    text.t('batch.counts.done', { count: batch.done }),
    ...endedParts(batch.items, text),
    text.t('batch.counts.left', { count: batch.left }),
    ...tallyParts(batch.status, batch, text),
    ...(after ? [after] : []),
  ];
}

/** A running or ended batch: its progress, the time left, each picture's status, Retry for those that failed. */
export function BatchProgress({ batch }: { batch: BatchInfo }) {
  const text = useText();
  const [problem, setProblem] = useState<string | null>(null);
  /** the picture whose Retry waits for the artist's word (it may be charged twice) */
  const [asking, setAsking] = useState<BatchItemInfo | null>(null);
  /** the pictures Retry sent again, by name: the row's state alone changes too quietly to notice */
  const [sentAgain, setSentAgain] = useState<readonly string[]>([]);
  const retry = (item: BatchItemInfo, acceptDoubleCharge: boolean) =>
    void act(() => gen.batch.retry({ id: batch.id, index: item.index, acceptDoubleCharge })).then((ok) => ok && setSentAgain((names) => [...names.filter((n) => n !== itemName(item)), itemName(item)]));
  const total = batch.items.length;
  const act = async (action: () => Promise<{ ok: boolean; error?: { message: string } }>) => {
    setProblem(null);
    const r = await action();
    if (!r.ok) setProblem(r.error?.message ?? text.t('batch.actionFailed'));
    return r.ok;
  };
  const open = (resultId: string) => {
    useLibraryStore.setState({ requestedOpen: resultId });
    useNavigationStore.getState().show('library');
  };
  return (
    <section className="batch-progress" aria-label={text.t('batch.region', { name: batchNameText(batch, text) })}>
      <header className="batch-head">
        <div>
          <h2>{batchNameText(batch, text)}</h2>
          <p>{text.t('batch.into', { model: findEndpoint(batch.endpointId)?.title ?? batch.endpointId, folder: batch.outputDir })}</p>
        </div>
        <div className="batch-actions">
          {batch.status === 'running' && <Button onClick={() => void act(() => gen.batch.pause({ id: batch.id }))}>{text.t('runs.pause')}</Button>}
          {batch.status === 'paused' && <Button onClick={() => void act(() => gen.batch.resume({ id: batch.id }))}>{text.t('runs.resume')}</Button>}
          {(batch.status === 'running' || batch.status === 'paused') && (
            <Button variant="danger" onClick={() => void act(() => gen.batch.cancel({ id: batch.id }))}>
              {text.t('runs.cancelRest')}
            </Button>
          )}
        </div>
      </header>
      <div className="batch-bar" role="progressbar" aria-label={text.t('batch.bar')} aria-valuemin={0} aria-valuemax={total} aria-valuenow={batch.done + batch.failed}>
        {barSegments(batch.items).map(([kind, count]) => (
          <span key={kind} className={`batch-bar-${kind}`} style={{ width: `${(100 * count) / total}%` }} />
        ))}
      </div>
      <p className="batch-counts" role="status" aria-label={text.t('batch.counts.label')}>
        {countParts(batch, text).join(' · ')}
      </p>
      <RenamedFiles items={batch.items} />
      {sentAgain.length > 0 && (
        <p className="batch-sent-again" role="status" aria-label={text.t('batch.sentAgain.label')}>
          {text.t('batch.sentAgain', { names: sentAgain.join(', '), count: sentAgain.length })}
        </p>
      )}
      {problem && (
        <p className="tool-refusal" role="alert">
          {problem}
        </p>
      )}
      <ol className="batch-items" aria-label={text.t('batch.items')}>
        {batch.items.map((item) => (
          <ItemRow key={item.index} item={item} paused={batch.status === 'paused'} onRetry={() => (item.retryWarning ? setAsking(item) : retry(item, false))} onOpen={open} />
        ))}
      </ol>
      {asking && (
        <ConfirmDialog
          title={text.t('batch.retry.title')}
          message={say(text, asking.retryWarningWords, asking.retryWarning ?? '')}
          confirmLabel={text.t('batch.retry.confirm')}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            retry(asking, true);
          }}
        />
      )}
    </section>
  );
}

/** The files written under another name because the folder already had one of the name they were meant to have. */
function RenamedFiles({ items }: { items: readonly BatchItemInfo[] }) {
  const text = useText();
  const renamed = items.filter((i) => i.renamedFrom);
  if (renamed.length === 0) return null;
  return (
    <div className="batch-renamed" role="status" aria-label={text.t('batch.renamed.label')}>
      <p>{text.t('batch.renamed', { count: renamed.length })}</p>
      <ul>
        {renamed.map((i) => (
          <li key={i.index}>{text.t('batch.renamed.instead', { name: i.outputName, from: i.renamedFrom ?? '' })}</li>
        ))}
      </ul>
    </div>
  );
}

/** A picture as the list names it: its file, and the shape it is made in (Expand makes one per shape). */
const itemName = (item: BatchItemInfo) => `${item.source}${item.format ? ` → ${item.format}` : ''}`;

function ItemRow({ item, paused, onRetry, onOpen }: { item: BatchItemInfo; paused: boolean; onRetry: () => void; onOpen: (id: string) => void }) {
  const text = useText();
  // not sent, and a pause holds it until Resume
  const words = text.t('batch.item.state', { state: paused && HELD_STATES.has(item.state) ? 'held' : (STATE_WORDS[item.state] ?? item.state) });
  const ended = item.state !== 'unsent' && ENDED_WITHOUT_RESULT_STATES.has(item.state);
  return (
    <li className={`batch-item batch-${item.state}`} aria-label={text.t('batch.item.name', { name: item.outputName, state: words })}>
      <span className="batch-item-name" translate="no">
        {itemName(item)}
      </span>
      <span className="batch-item-state">{words}</span>
      <span className="batch-item-file" translate="no">
        {item.state === 'done' ? item.outputName : ''}
      </span>
      <span className="batch-item-cost">{item.state === 'moderated' ? text.t('task.notCharged') : item.state === 'done' ? creditsText(item.cost, text) : item.estimate !== null ? text.t('batch.item.estimate', { price: text.credits(item.estimate) }) : ''}</span>
      <span className="batch-item-actions">
        {item.state === 'done' && item.resultId && (
          <Button variant="link" onClick={() => onOpen(item.resultId!)}>
            {text.t('batch.open')}
          </Button>
        )}
        {ended && (
          <Button size="sm" onClick={onRetry}>
            {text.t('batch.retry')}
          </Button>
        )}
      </span>
      {item.problem && (
        // Main's words in the language on screen; the service's own text (a task's 422) stays as it sent it.
        <span className="batch-item-problem" {...(item.problemWords ? {} : { lang: 'en', translate: 'no' })}>
          {say(text, item.problemWords, item.problem)}
        </span>
      )}
    </li>
  );
}
