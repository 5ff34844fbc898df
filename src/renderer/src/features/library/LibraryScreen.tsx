import { useState } from 'react';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { useLibraryStore } from '../../store/libraryStore';
import { ReleaseBadge } from '../home/EndpointCard';
import { creditsText, promptOf } from '../queue/taskText';
import '../../ui/ui.css';
import './library.css';
import { Button } from '../../ui/Button';

function Thumb({ item }: { item: LibraryItem }) {
  if (item.mime.startsWith('video/')) return <video src={item.url} muted preload="metadata" aria-hidden="true" />;
  return <img src={item.thumbnailUrl ?? item.url} alt="" loading="lazy" />;
}

/** Results, newest first, each with what made it; the folder opens in the file manager. */
export function LibraryScreen() {
  const items = useLibraryStore((s) => s.items);
  const loaded = useLibraryStore((s) => s.loaded);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [folder, setFolder] = useState<string | null>(null);
  const selected = items.find((i) => i.id === selectedId) ?? null;

  const openFolder = async () => {
    const result = await gen.library.openFolder();
    setFolder(result.ok ? (result.value.opened ? `Opened ${result.value.path}` : `The folder is ${result.value.path}`) : result.error.message);
  };

  return (
    <div className="library">
      <div className="screen">
        <header className="screen-header">
          <div>
            <h1>Library</h1>
            <p className="muted">
              {items.length} {items.length === 1 ? 'result' : 'results'}, each saved with a sidecar of how it was made.
            </p>
          </div>
          <div>
            <Button onClick={() => void openFolder()}>
              Open folder
            </Button>
            {folder && <p className="muted small">{folder}</p>}
          </div>
        </header>
        {loaded && items.length === 0 && <p className="empty">No results yet. They appear here as soon as a task is done.</p>}
        <ul className="result-grid" aria-label="Results">
          {items.map((item) => {
            const title = findEndpoint(item.endpointId)?.title ?? item.endpointId;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  className={`result-card${item.id === selectedId ? ' selected' : ''}`}
                  aria-pressed={item.id === selectedId}
                  aria-label={`${title}: ${promptOf(item.params, 60) || item.fileName}`}
                  onClick={() => setSelectedId(item.id)}
                >
                  <Thumb item={item} />
                  <span className="result-caption">
                    <span className="result-title">{title}</span>
                    <span className="muted">
                      {item.width && item.height ? `${item.width} × ${item.height}` : item.mime}
                      {item.cost !== null ? ` · ${creditsText(item.cost)}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {selected && <ResultDetails item={selected} />}
    </div>
  );
}

function ResultDetails({ item }: { item: LibraryItem }) {
  const endpoint = findEndpoint(item.endpointId);
  const params = Object.entries(item.params);
  return (
    <aside className="result-details" aria-label="Result details">
      {item.mime.startsWith('video/') ? <video src={item.url} controls /> : <img src={item.url} alt={promptOf(item.params) || item.fileName} />}
      <h2>{endpoint?.title ?? item.endpointId}</h2>
      {endpoint && <ReleaseBadge endpoint={endpoint} />}
      {item.metadataLost && <p className="inline-error">The details of this result could not be read; only the file is known.</p>}
      <dl className="facts">
        <dt>File</dt>
        <dd>
          <code>{item.fileName}</code>
        </dd>
        <dt>Size</dt>
        <dd>
          {item.width && item.height ? `${item.width} × ${item.height} · ` : ''}
          {(item.bytes / 1024).toFixed(0)} KB
        </dd>
        <dt>Seed</dt>
        <dd>{item.seed ?? '—'}</dd>
        <dt>Cost</dt>
        <dd>{creditsText(item.cost) ?? '—'}</dd>
        <dt>Megapixels</dt>
        <dd>
          {item.inputMp !== null ? `in ${item.inputMp}` : ''}
          {item.outputMp !== null ? ` out ${item.outputMp}` : ''}
        </dd>
        <dt>Task</dt>
        <dd>
          <code>{item.remoteTaskId ?? '—'}</code>
        </dd>
        <dt>Via</dt>
        <dd>{item.connectionLabel}</dd>
        <dt>Saved</dt>
        <dd>{new Date(item.savedAt).toLocaleString()}</dd>
        {item.readyAt && item.submittedAt && (
          <>
            <dt>Took</dt>
            <dd>{((item.readyAt - item.submittedAt) / 1000).toFixed(1)} s from sending to ready</dd>
          </>
        )}
      </dl>
      {params.length > 0 && (
        <table className="fields" aria-label="Parameters">
          <tbody>
            {params.map(([k, v]) => (
              <tr key={k}>
                <th scope="row">
                  <code>{k}</code>
                </th>
                <td>{typeof v === 'string' ? v : JSON.stringify(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {item.inputs.length > 0 && (
        <p className="muted small">
          Inputs: {item.inputs.map((i) => `${i.field} (${i.assetId.slice(0, 8)}…)`).join(', ')}
        </p>
      )}
    </aside>
  );
}
