import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { endpointPath, isInferred } from '../../../../shared/catalog';
import { describeLimits } from '../../catalog/describeField';
import { Badge } from '../../ui/Badge';

export function ReleaseBadge({ endpoint }: { endpoint: EndpointSpec }) {
  return endpoint.release === 'preview' ? (
    <Badge tone="warn" title="Receives improvements first: the same seed may give a different result later">
      Preview · changes over time
    </Badge>
  ) : (
    <Badge tone="info" title="A fixed model version: the same inputs and seed give the same result">
      Fixed version · repeatable
    </Badge>
  );
}

export function InferredBadge({ endpoint }: { endpoint: EndpointSpec }) {
  if (!isInferred(endpoint)) return null;
  return (
    <Badge tone="accent" title="The interface document does not state all of this endpoint's request; part of it is the app's inference">
      Inferred shape
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
      <button type="button" className="endpoint-title" aria-pressed={selected} aria-describedby={`endpoint-${endpoint.id}`} onClick={() => onSelect(endpoint.id)}>
        {endpoint.title}
      </button>
      <span className="endpoint-about" id={`endpoint-${endpoint.id}`}>
        <code className="endpoint-path">{endpointPath(endpoint)}</code>
        <span className="endpoint-summary">{endpoint.summary}</span>
        <span className="endpoint-badges">
          <ReleaseBadge endpoint={endpoint} />
          <InferredBadge endpoint={endpoint} />
          {limits.map((l) => (
            <Badge key={l}>{l}</Badge>
          ))}
        </span>
      </span>
    </div>
  );
}
