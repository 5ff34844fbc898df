import { useState } from 'react';
import { useRecallStore } from '../../store/recallStore';
import { CATALOG, endpointsByKind, findEndpoint } from '../../../../shared/catalog';
import { TASK_KIND_LABELS } from '../../../../shared/catalog/endpoint';
import { EndpointCard } from './EndpointCard';
import { EndpointDetails } from './EndpointDetails';

/** The first screen: every endpoint offered for new work, grouped by what it does. */
export function HomeScreen() {
  const [selectedId, setSelectedId] = useState(() => useRecallStore.getState().pending?.endpointId ?? 'gen-dev');
  const selected = findEndpoint(selectedId);
  const groups = [...endpointsByKind()].filter(([, endpoints]) => endpoints.length > 0);
  const retired = CATALOG.filter((e) => e.deprecated);

  return (
    <div className="home">
      <section className="catalog" aria-labelledby="catalog-title">
        <h1 id="catalog-title">Start something</h1>
        <p className="muted">Every endpoint of the service, grouped by what it does. Pick one to see its inputs.</p>
        {groups.map(([kind, endpoints]) => (
          <section key={kind} className="kind-group" aria-labelledby={`kind-${kind}`} data-kind={kind}>
            <h2 id={`kind-${kind}`}>{TASK_KIND_LABELS[kind]}</h2>
            <ul className="endpoint-grid" aria-label={TASK_KIND_LABELS[kind]}>
              {endpoints.map((e) => (
                <li key={e.id}>
                  <EndpointCard endpoint={e} selected={e.id === selectedId} onSelect={setSelectedId} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <details className="retired">
          <summary>Retired endpoints ({retired.length})</summary>
          <p className="muted">Deprecated by the service on 31 October 2025. Gen Studio never sends them.</p>
          <ul aria-label="Retired endpoints">
            {retired.map((e) => (
              <li key={e.id}>
                <code>{e.id}</code>: {e.deprecated?.migrateTo.length ? `use ${e.deprecated.migrateTo.join(' or ')}` : 'no replacement'}
              </li>
            ))}
          </ul>
        </details>
      </section>
      {selected && <EndpointDetails endpoint={selected} />}
    </div>
  );
}
