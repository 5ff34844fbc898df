import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { TASK_KIND_LABELS } from '../../../../shared/catalog/endpoint';
import { endpointPath, taskEndpoints } from '../../../../shared/catalog';
import { GeneratePanel } from '../generate/GeneratePanel';
import { openStudio } from '../studio/openStudio';
import { useHelpStore } from './helpStore';
import { describeConstraint, describeDefault, inferences, observations } from '../../catalog/describeField';
import { Badge } from '../../ui/Badge';
import { InferredBadge, ReleaseBadge } from './EndpointCard';
import { ColumnHeads } from '../../ui/ColumnHeads';

const TASK_ENDPOINT_IDS = new Set(taskEndpoints().map((e) => e.id));

const DOCUMENTATION: Readonly<Record<EndpointSpec['documentation'], string>> = {
  specified: 'Fully specified by the interface document',
  partial: 'Listed with its fields; some required flags and defaults are not stated',
  named: 'Known by name; the request shape is the catalog’s inference',
};

/** Everything the catalog knows about one endpoint, with what is inferred said plainly. */
export function EndpointDetails({ endpoint }: { endpoint: EndpointSpec }) {
  // Long (over 80 lines) for its markup alone (over 90 of its lines): the model's facts, fields and limits as a list.
  const inferred = inferences(endpoint);
  const observed = observations(endpoint);
  return (
    <section className="endpoint-details" aria-labelledby="endpoint-details-title">
      <h2 id="endpoint-details-title">{endpoint.title}</h2>
      <p className="muted">{endpoint.summary}</p>
      <div className="endpoint-badges">
        <ReleaseBadge endpoint={endpoint} />
        <InferredBadge endpoint={endpoint} />
      </div>
      {TASK_ENDPOINT_IDS.has(endpoint.id) && (
        <button type="button" className="button primary" onClick={() => {
            // The reference steps aside for the studio it opened.
            useHelpStore.getState().close();
            openStudio({ endpointId: endpoint.id });
          }}>
          Open in the studio
        </button>
      )}
      {TASK_ENDPOINT_IDS.has(endpoint.id) && <GeneratePanel key={endpoint.id} endpoint={endpoint} />}
      <dl className="facts">
        <dt>Path</dt>
        <dd>
          <code>
            {endpoint.base === 'base_url_us' ? '{base_url_us}' : '{base_url}'}
            {endpointPath(endpoint)}
          </code>
        </dd>
        <dt>Kind</dt>
        <dd>{TASK_KIND_LABELS[endpoint.kind]}</dd>
        <dt>Documentation</dt>
        <dd>{DOCUMENTATION[endpoint.documentation]}</dd>
        <dt>Answers with</dt>
        <dd>{endpoint.responses.join(' or ')}</dd>
      </dl>
      {endpoint.notes?.length ? (
        <ul className="notes">
          {endpoint.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {inferred.length > 0 && (
        <details className="inferred" open>
          <summary>What is inferred</summary>
          <ul aria-label="Inferred facts">
            {inferred.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </details>
      )}
      {observed.length > 0 && (
        <details className="inferred">
          <summary>Beyond the document: what the service is seen to accept</summary>
          <ul aria-label="Observed facts">
            {observed.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </details>
      )}
      <table className="fields" aria-label={`Fields of ${endpoint.title}`}>
        <ColumnHeads columns={['Field', 'Type', 'Default', 'Limits']} />
        <tbody>
          {endpoint.fields.map((f) => (
            <tr key={f.name} title={f.description}>
              <th scope="row">
                <code>{f.name}</code>
                {f.required && <Badge tone="warn">required</Badge>}
                {f.inferred && (
                  <Badge tone="accent" title={f.inferred}>
                    inferred
                  </Badge>
                )}
              </th>
              <td>
                {f.type}
                {f.nullable ? ' or null' : ''}
              </td>
              <td>{describeDefault(f)}</td>
              <td>{describeConstraint(f)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
