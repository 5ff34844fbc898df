import { useState } from 'react';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { BatchInfo, BatchItemInfo } from '../../../../shared/ipc/contract';
import { ENDED_WITHOUT_RESULT_STATES, NOT_SENT_STATES } from '../../../../shared/tasks/taskStates';
import { gen } from '../../api';
import { useLibraryStore } from '../../store/libraryStore';
import { useNavigationStore } from '../../store/navigationStore';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { creditsText } from '../../text/taskText';
import { endedParts } from '../runs/endedText';
import { tallyText } from '../runs/tallyText';

const STATE_WORDS: Readonly<Record<string, string>> = {
  unsent: 'waiting its turn',
  'ready-to-send': 'waiting its turn',
  queued: 'waiting its turn',
  waiting: 'waiting to try again',
  submitting: 'sending',
  running: 'being made',
  downloading: 'arriving',
  done: 'written',
  failed: 'failed',
  moderated: 'held back by the safety filter',
  cancelled: 'cancelled',
  'outcome-unknown': 'outcome unknown',
  webhook: 'answered elsewhere',
};

/** A picture not yet handed to the engine ('unsent', a batch item's own word) is held too. */
const HELD_STATES: ReadonlySet<string> = new Set(['unsent', ...NOT_SENT_STATES]);

/** "about 3 min left", from the pictures done so far. */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return 'time left: known once a picture is done';
  if (seconds === 0) return 'nothing left';
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min left`;
}

/** A running or ended batch: its progress, the time left, each picture's status, Retry for those that failed. */
export function BatchProgress({ batch }: { batch: BatchInfo }) {
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
    if (!r.ok) setProblem(r.error?.message ?? 'That did not work.');
    return r.ok;
  };
  const open = (resultId: string) => {
    useLibraryStore.setState({ requestedOpen: resultId });
    useNavigationStore.getState().show('library');
  };
  return (
    <section className="batch-progress" aria-label={`Batch: ${batch.name}`}>
      <header className="batch-head">
        <div>
          <h2>{batch.name}</h2>
          <p>
            {findEndpoint(batch.endpointId)?.title ?? batch.endpointId} · into {batch.outputDir}
          </p>
        </div>
        <div className="batch-actions">
          {batch.status === 'running' && <Button onClick={() => void act(() => gen.batch.pause({ id: batch.id }))}>Pause</Button>}
          {batch.status === 'paused' && <Button onClick={() => void act(() => gen.batch.resume({ id: batch.id }))}>Resume</Button>}
          {(batch.status === 'running' || batch.status === 'paused') && (
            <Button variant="danger" onClick={() => void act(() => gen.batch.cancel({ id: batch.id }))}>
              Cancel the rest
            </Button>
          )}
        </div>
      </header>
      <div className="batch-bar" role="progressbar" aria-label="Batch progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={batch.done + batch.failed}>
        <span className="batch-bar-done" style={{ width: `${(100 * batch.done) / total}%` }} />
        <span className="batch-bar-failed" style={{ width: `${(100 * batch.failed) / total}%` }} />
      </div>
      <p className="batch-counts" role="status" aria-label="Batch counts">
        {[`${batch.done} done`, ...endedParts(batch.items), `${batch.left} left`].join(' · ')} · {tallyText(batch.status, batch)}{batch.status === 'paused' ? ' · paused' : batch.status === 'cancelled' ? ' · cancelled' : batch.left > 0 ? ` · ${timeLeftText(batch.secondsLeft)}` : ''}
      </p>
      <RenamedFiles items={batch.items} />
      {sentAgain.length > 0 && (
        <p className="batch-sent-again" role="status" aria-label="Sent again">
          Sent again: {sentAgain.join(', ')}. {sentAgain.length === 1 ? 'It is' : 'They are'} back in the list below, waiting {sentAgain.length === 1 ? 'its' : 'their'} turn.
        </p>
      )}
      {problem && (
        <p className="tool-refusal" role="alert">
          {problem}
        </p>
      )}
      <ol className="batch-items" aria-label="Pictures">
        {batch.items.map((item) => (
          <ItemRow key={item.index} item={item} paused={batch.status === 'paused'} onRetry={() => (item.retryWarning ? setAsking(item) : retry(item, false))} onOpen={open} />
        ))}
      </ol>
      {asking && (
        <ConfirmDialog
          title="Send this picture again?"
          message={asking.retryWarning ?? ''}
          confirmLabel="Send again"
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
  const renamed = items.filter((i) => i.renamedFrom);
  if (renamed.length === 0) return null;
  return (
    <div className="batch-renamed" role="status" aria-label="Saved under another name">
      <p>
        {renamed.length === 1
          ? '1 file was saved under another name: the folder already had a file of that name, which was left as it was.'
          : `${renamed.length} files were saved under other names: the folder already had files of those names, which were left as they were.`}
      </p>
      <ul>
        {renamed.map((i) => (
          <li key={i.index}>
            {i.outputName} <span className="batch-renamed-from">instead of {i.renamedFrom}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A picture as the list names it: its file, and the shape it is made in (Expand makes one per shape). */
const itemName = (item: BatchItemInfo) => `${item.source}${item.format ? ` → ${item.format}` : ''}`;

function ItemRow({ item, paused, onRetry, onOpen }: { item: BatchItemInfo; paused: boolean; onRetry: () => void; onOpen: (id: string) => void }) {
  // not sent, and a pause holds it until Resume
  const words = paused && HELD_STATES.has(item.state) ? 'held' : (STATE_WORDS[item.state] ?? item.state);
  const ended = item.state !== 'unsent' && ENDED_WITHOUT_RESULT_STATES.has(item.state);
  return (
    <li className={`batch-item batch-${item.state}`} aria-label={`${item.outputName}: ${words}`}>
      <span className="batch-item-name">{itemName(item)}</span>
      <span className="batch-item-state">{words}</span>
      <span className="batch-item-file">{item.state === 'done' ? item.outputName : ''}</span>
      <span className="batch-item-cost">{item.state === 'moderated' ? 'not charged' : item.state === 'done' ? creditsText(item.cost) : item.estimate !== null ? `about ${creditsText(item.estimate)}` : ''}</span>
      <span className="batch-item-actions">
        {item.state === 'done' && item.resultId && (
          <Button variant="link" onClick={() => onOpen(item.resultId!)}>
            Open
          </Button>
        )}
        {ended && (
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        )}
      </span>
      {item.problem && <span className="batch-item-problem">{item.problem}</span>}
    </li>
  );
}
