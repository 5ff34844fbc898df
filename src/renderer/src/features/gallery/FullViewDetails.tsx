import type { AssetInfo, LibraryItem } from '../../../../shared/ipc/contract';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import { ReleaseBadge } from '../home/EndpointCard';
import { costText } from '../../text/taskText';
import { useText } from '../../ui/i18n/textStore';
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
  const text = useText();
  const { t } = text;
  const endpoint = findEndpoint(item.endpointId);
  return (
    <aside className="full-details" aria-label={t('gallery.details.label')}>
      <h2 translate="no">{titleOf(item, text)}</h2>
      {endpoint && <ReleaseBadge endpoint={endpoint} />}
      {promptText(item) && (
        <p className="full-prompt" translate="no">
          {promptText(item)}
        </p>
      )}
      {note?.about === item.id && (
        <p className={note.kind === 'error' ? 'inline-error' : 'muted'} role="status">
          {note.text(text)}
        </p>
      )}
      <div className="full-actions" role="group" aria-label={t('gallery.details.actions')}>
        {actions.map((a) => (
          <button key={a.id} type="button" className="button" data-action={a.id} onClick={() => onRun(a)} title={a.keys && t('gallery.action.shortcut', { keys: a.keys })} aria-keyshortcuts={a.keys}>
            {a.label}
          </button>
        ))}
      </div>
      {item.inputs.length > 0 && <ResultInputs inputs={item.inputs} assets={assets} />}
      <ResultFacts item={item} />
      {Object.keys(item.params).length > 0 && <ResultParams item={item} />}
      {item.metadataLost && <p className="inline-error">{t('gallery.details.unreadable')}</p>}
    </aside>
  );
}

/** The pictures the result was made from, each with its field (and time, for a clip's keyframe). */
function ResultInputs({ inputs, assets }: { inputs: LibraryItem['inputs']; assets: ReadonlyMap<string, AssetInfo | null> }) {
  const text = useText();
  const { t } = text;
  return (
    <>
      <h3>{t('gallery.details.inputs')}</h3>
      <ul className="full-inputs" aria-label={t('gallery.details.inputs')}>
        {inputs.map((i) => {
          const asset = assets.get(inputKey(i));
          const label = inputLabel(i, text);
          return (
            <li key={inputKey(i)}>
              {asset ? <img src={asset.thumbnailUrl ?? asset.url} alt={label} /> : <span className="full-input-missing">{asset === null ? t('gallery.details.notStored') : '…'}</span>}
              <span className="muted small">{label}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Megapixels in and out, as the service counted them. */
function megapixelsText(item: Pick<LibraryItem, 'inputMp' | 'outputMp'>, t: ReturnType<typeof useText>['t']): string {
  if (item.inputMp !== null && item.outputMp !== null) return t('gallery.details.mpInOut', { input: item.inputMp, output: item.outputMp });
  if (item.inputMp !== null) return t('gallery.details.mpIn', { input: item.inputMp });
  return item.outputMp !== null ? t('gallery.details.mpOut', { output: item.outputMp }) : '';
}

/** Seed, size, cost, megapixels, how long it took, when, through which connection, and its file. */
function ResultFacts({ item }: { item: LibraryItem }) {
  const text = useText();
  const { t } = text;
  return (
    <dl className="facts">
      <dt>{t('gallery.details.seed')}</dt>
      <dd>{item.seed ?? '—'}</dd>
      <dt>{t('gallery.details.size')}</dt>
      <dd>{item.width && item.height ? `${item.width} × ${item.height}` : '—'}</dd>
      <dt>{t('gallery.details.cost')}</dt>
      <dd>{costText(item, text) ?? '—'}</dd>
      <dt>{t('gallery.details.megapixels')}</dt>
      <dd>{megapixelsText(item, t)}</dd>
      {item.submittedAt && item.readyAt && (
        <>
          <dt>{t('gallery.details.took')}</dt>
          <dd>{t('gallery.details.tookTime', { seconds: (item.readyAt - item.submittedAt) / 1000 })}</dd>
        </>
      )}
      <dt>{t('gallery.details.made')}</dt>
      <dd>{text.dateTime(item.createdAt)}</dd>
      <dt>{t('gallery.details.via')}</dt>
      <dd translate="no">{item.connectionLabel}</dd>
      <dt>{t('gallery.details.file')}</dt>
      <dd>
        <code translate="no">{item.fileName}</code>
      </dd>
    </dl>
  );
}

/** The parameters sent, by name in words. */
function ResultParams({ item }: { item: LibraryItem }) {
  const text = useText();
  return (
    <table className="fields" aria-label={text.t('gallery.details.parameters')}>
      <tbody>
        {paramRows(item, text).map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td translate={row.typed ? 'no' : undefined}>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
