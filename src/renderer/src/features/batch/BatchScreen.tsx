import { useEffect, useState } from 'react';
import type { BatchInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { BatchForm } from './BatchForm';
import { BatchProgress, batchNameText } from './BatchProgress';
import { missingWhat, useBatchDraft } from './batchDraftStore';
import { useText } from '../../ui/i18n/textStore';
import '../../ui/toolScreen.css';
import './batch.css';

/** Batch: one tool over many pictures, written to a folder under their own names, with progress as it goes. */
export function BatchScreen() {
  const [batches, setBatches] = useState<BatchInfo[]>([]);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    void gen.batch.list().then((r) => {
      if (r.ok) setBatches(r.value);
    });
    return gen.batch.onChanged((b) => setBatches((list) => (list.some((x) => x.id === b.id) ? list.map((x) => (x.id === b.id ? b : x)) : [b, ...list])));
  }, []);
  const current = batches.find((b) => b.id === shown) ?? batches[0] ?? null;
  const what = useBatchDraft(missingWhat);
  const text = useText();
  return (
    <div className="tool-page batch">
      <aside className="tool-side">
        <h1>{text.t('batch.title')}</h1>
        <p className="tool-lead">{text.t('batch.lead')}</p>
        <BatchForm
          onStarted={(b) => {
            setBatches((list) => [b, ...list.filter((x) => x.id !== b.id)]);
            setShown(b.id);
          }}
        />
        {batches.length > 1 && (
          <nav className="batch-list" aria-label={text.t('batch.list.label')}>
            <h2>{text.t('batch.list.title')}</h2>
            <ul>
              {batches.map((b) => (
                <li key={b.id} className={b.id === current?.id ? 'current' : undefined}>
                  <button type="button" onClick={() => setShown(b.id)}>
                    {text.t('batch.list.item', { name: batchNameText(b, text), done: b.done, total: b.items.length })}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </aside>
      <div className="batch-main">{current ? <BatchProgress key={current.id} batch={current} /> : <p className="batch-empty">{text.sentences([what ? text.t('batch.missing', { what }) : '', text.t('batch.empty')])}</p>}</div>
    </div>
  );
}
