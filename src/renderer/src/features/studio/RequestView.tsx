import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import { useAsset } from '../canvas/panels/useAsset';
import { useText } from '../../ui/i18n/textStore';

/** An asset id as people can read it: its first and last characters. */
const shortId = (id: string) => `${id.slice(0, 6)}…${id.slice(-4)}`;

function InputThumb({ field, assetId, label }: { field: string; assetId: string; label: string }) {
  const asset = useAsset(assetId);
  return (
    <li className="request-input" aria-label={`${field}: ${label}`}>
      {asset ? <img src={asset.thumbnailUrl} alt="" className="reference-thumb" /> : <span className="reference-thumb" />}
      <span>
        <code translate="no">{field}</code>
        <span className="muted small">
          {label} · {shortId(assetId)}
        </span>
      </span>
    </li>
  );
}

/**
 * The request as it will be sent, for the curious: parameters as JSON, and each image as a thumbnail beside the
 * field it fills. Asset ids are shortened; the whole request stays on the element for tools and tests.
 */
export function RequestView({ request, labels, note }: { request: TaskRequest; labels: Readonly<Record<string, string>>; note?: string }) {
  const shown = {
    ...request,
    inputs: Object.fromEntries(Object.entries(request.inputs).map(([k, v]) => [k, Array.isArray(v) ? v.map((kf) => ({ ...kf, assetId: shortId(kf.assetId) })) : { assetId: shortId(v.assetId) }])),
  };
  const { t } = useText();
  const inputs = Object.entries(request.inputs).flatMap(([field, v]) => (Array.isArray(v) ? v.map((kf) => [field, kf.assetId] as const) : [[field, v.assetId] as const]));
  return (
    <div className="request-view">
      {note && <p className="muted small">{note}</p>}
      {inputs.length > 0 && (
        <ul className="request-inputs" aria-label={t('studio.request.images')}>
          {inputs.map(([field, id]) => (
            <InputThumb key={`${field}-${id}`} field={field} assetId={id} label={labels[field] ?? field} />
          ))}
        </ul>
      )}
      <pre className="code" aria-label={t('studio.request.json')} translate="no" data-request={JSON.stringify(request)}>
        {JSON.stringify(shown, null, 2)}
      </pre>
    </div>
  );
}
