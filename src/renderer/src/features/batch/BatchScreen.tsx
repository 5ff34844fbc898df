import { useEffect, useState } from 'react';
import type { BatchInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { BatchForm } from './BatchForm';
import { BatchProgress } from './BatchProgress';
import { missingText, useBatchDraft } from './batchDraftStore';
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
  const missing = useBatchDraft(missingText);
  return (
    <div className="tool-page batch">
      <aside className="tool-side">
        <h1>Batch</h1>
        <p className="tool-lead">One tool over many pictures. Each result is written to your folder under its picture’s name.</p>
        <BatchForm
          onStarted={(b) => {
            setBatches((list) => [b, ...list.filter((x) => x.id !== b.id)]);
            setShown(b.id);
          }}
        />
        {batches.length > 1 && (
          <nav className="batch-list" aria-label="Batches">
            <h2>Earlier batches</h2>
            <ul>
              {batches.map((b) => (
                <li key={b.id} className={b.id === current?.id ? 'current' : undefined}>
                  <button type="button" onClick={() => setShown(b.id)}>
                    {b.name} · {b.done} of {b.items.length} done
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </aside>
      <div className="batch-main">{current ? <BatchProgress batch={current} /> : <p className="batch-empty">{[missing, 'The progress of each picture shows here once the batch runs.'].filter(Boolean).join(' ')}</p>}</div>
    </div>
  );
}
