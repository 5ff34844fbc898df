import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { endpointPath, isInferred } from '../../../../shared/catalog';
import { describeLimits } from '../../catalog/describeField';
import { Badge } from '../../ui/Badge';
import { useText } from '../../ui/i18n/textStore';

export function ReleaseBadge({ endpoint }: { endpoint: EndpointSpec }) {
  const { t } = useText();
  return endpoint.release === 'preview' ? (
    <Badge tone="warn" title={t('help.badge.previewTitle')}>
      {t('help.badge.preview')}
    </Badge>
  ) : (
    <Badge tone="info" title={t('help.badge.fixedTitle')}>
      {t('help.badge.fixed')}
    </Badge>
  );
}

export function InferredBadge({ endpoint }: { endpoint: EndpointSpec }) {
  const { t } = useText();
  if (!isInferred(endpoint)) return null;
  return (
    <Badge tone="accent" title={t('help.badge.inferredTitle')}>
      {t('help.badge.inferred')}
    </Badge>
  );
}

export function EndpointCard({
  endpoint,
  selected,
  onSelect,
}: {
  endpoint: EndpointSpec;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const limits = describeLimits(endpoint);
  // The button holds the title alone, so its name is what it shows; the rest of the card is its description, and a
  // click anywhere on the card reaches the button (its ::after covers the card).
  return (
    <div className={`endpoint-card${selected ? ' selected' : ''}`} data-endpoint={endpoint.id}>
      <button type="button" className="endpoint-title" translate="no" aria-pressed={selected} aria-describedby={`endpoint-${endpoint.id}`} onClick={() => onSelect(endpoint.id)}>
        {endpoint.title}
      </button>
      <span className="endpoint-about" id={`endpoint-${endpoint.id}`}>
        <code className="endpoint-path" translate="no">
          {endpointPath(endpoint)}
        </code>
        {/* The model's summary as the catalog quotes it from the interface document. */}
        <span className="endpoint-summary" translate="no">
          {endpoint.summary}
        </span>
        <span className="endpoint-badges">
          <ReleaseBadge endpoint={endpoint} />
          <InferredBadge endpoint={endpoint} />
          {limits.map((l) => (
            <Badge key={l} quoted>
              {l}
            </Badge>
          ))}
        </span>
      </span>
    </div>
  );
}
