import type { AssetInfo, LibraryItem } from '../../../../shared/ipc/contract';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import { ReleaseBadge } from '../home/EndpointCard';
import { costText } from '../../text/taskText';
import type { ResultNote } from './actions';
import { inputKey, inputLabel, paramRows, promptText, titleOf } from './galleryModel';
import type { ResultAction } from './resultActions';

/** The full view's side: what made the result (inputs, parameters, seed, size, cost, times) and every action. */
export function FullViewDetails({
  item,
  assets,
  actions,
  note,
  onRun,
}: {
  item: LibraryItem;
  /** the inputs' stored images, by inputKey; null for one no longer stored */
  assets: ReadonlyMap<string, AssetInfo | null>;
  actions: readonly ResultAction[];
  note: ResultNote | null;
  onRun: (action: ResultAction) => void;
}) {
  const endpoint = findEndpoint(item.endpointId);
  return (
    <aside className="full-details" aria-label="Result details">
      <h2>{titleOf(item)}</h2>
      {endpoint && <ReleaseBadge endpoint={endpoint} />}
      {promptText(item) && <p className="full-prompt">{promptText(item)}</p>}
      {note?.about === item.id && (
        <p className={note.kind === 'error' ? 'inline-error' : 'muted'} role="status">
          {note.text}
        </p>
      )}
      <div className="full-actions" role="group" aria-label="Actions">
        {actions.map((a) => (
          <button key={a.id} type="button" className="button" onClick={() => onRun(a)} title={a.keys} aria-keyshortcuts={a.keys}>
            {a.label}
          </button>
        ))}
      </div>
      {item.inputs.length > 0 && <ResultInputs inputs={item.inputs} assets={assets} />}
      <ResultFacts item={item} />
      {Object.keys(item.params).length > 0 && <ResultParams item={item} />}
      {item.metadataLost && <p className="inline-error">The details of this result could not be read; only the file is known.</p>}
    </aside>
  );
}

/** The pictures the result was made from, each with its field (and time, for a clip's keyframe). */
function ResultInputs({ inputs, assets }: { inputs: LibraryItem['inputs']; assets: ReadonlyMap<string, AssetInfo | null> }) {
  return (
    <>
      <h3>Inputs</h3>
      <ul className="full-inputs" aria-label="Inputs">
        {inputs.map((i) => {
          const asset = assets.get(inputKey(i));
          return (
            <li key={inputKey(i)}>
              {asset ? <img src={asset.thumbnailUrl ?? asset.url} alt={inputLabel(i)} /> : <span className="full-input-missing">{asset === null ? 'not stored' : '…'}</span>}
              <span className="muted small">{inputLabel(i)}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Seed, size, cost, megapixels, how long it took, when, through which connection, and its file. */
function ResultFacts({ item }: { item: LibraryItem }) {
  return (
    <dl className="facts">
      <dt>Seed</dt>
      <dd>{item.seed ?? '—'}</dd>
      <dt>Size</dt>
      <dd>{item.width && item.height ? `${item.width} × ${item.height}` : '—'}</dd>
      <dt>Cost</dt>
      <dd>{costText(item) ?? '—'}</dd>
      <dt>Megapixels</dt>
      <dd>
        {item.inputMp !== null ? `in ${item.inputMp}` : ''}
        {item.outputMp !== null ? ` out ${item.outputMp}` : ''}
      </dd>
      {item.submittedAt && item.readyAt && (
        <>
          <dt>Took</dt>
          <dd>{((item.readyAt - item.submittedAt) / 1000).toFixed(1)} s from sending to ready</dd>
        </>
      )}
      <dt>Made</dt>
      <dd>{new Date(item.createdAt).toLocaleString()}</dd>
      <dt>Via</dt>
      <dd>{item.connectionLabel}</dd>
      <dt>File</dt>
      <dd>
        <code>{item.fileName}</code>
      </dd>
    </dl>
  );
}

/** The parameters sent, by name in words. */
function ResultParams({ item }: { item: LibraryItem }) {
  return (
    <table className="fields" aria-label="Parameters">
      <tbody>
        {paramRows(item).map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
