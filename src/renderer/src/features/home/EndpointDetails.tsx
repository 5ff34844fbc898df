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
import { useText } from '../../ui/i18n/textStore';
import type { MessageId } from '../../../../shared/i18n/catalog';

const TASK_ENDPOINT_IDS = new Set(taskEndpoints().map((e) => e.id));

const DOCUMENTATION: Readonly<Record<EndpointSpec['documentation'], MessageId>> = {
  specified: 'help.details.specified',
  partial: 'help.details.partial',
  named: 'help.details.named',
};

/**
 * Everything the catalog knows about one endpoint, with what is inferred said plainly. The drawer's own words are
 * translated; what it quotes of the service (field names and types, paths, summaries, notes, limits, what is inferred
 * or observed) is the interface document's reference, shown as written and marked translate="no".
 */
export function EndpointDetails({ endpoint }: { endpoint: EndpointSpec }) {
  // Long (over 80 lines) for its markup alone (over 90 of its lines): the model's facts, fields and limits as a list.
  const inferred = inferences(endpoint);
  const observed = observations(endpoint);
  const text = useText();
  const { t } = text;
  return (
    <section className="endpoint-details" aria-labelledby="endpoint-details-title">
      <h2 id="endpoint-details-title" translate="no">
        {endpoint.title}
      </h2>
      <p className="muted" translate="no">
        {endpoint.summary}
      </p>
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
          {t('help.details.open')}
        </button>
      )}
      {TASK_ENDPOINT_IDS.has(endpoint.id) && <GeneratePanel key={endpoint.id} endpoint={endpoint} />}
      <dl className="facts">
        <dt>{t('help.details.path')}</dt>
        <dd>
          <code translate="no">
            {endpoint.base === 'base_url_us' ? '{base_url_us}' : '{base_url}'}
            {endpointPath(endpoint)}
          </code>
        </dd>
        <dt>{t('help.details.kind')}</dt>
        <dd>{t(TASK_KIND_LABELS[endpoint.kind])}</dd>
        <dt>{t('help.details.documentation')}</dt>
        <dd>{t(DOCUMENTATION[endpoint.documentation])}</dd>
        <dt>{t('help.details.answers')}</dt>
        <dd translate="no">{new Intl.ListFormat(text.locale, { type: 'disjunction' }).format(endpoint.responses)}</dd>
      </dl>
      {endpoint.notes?.length ? (
        <ul className="notes" translate="no">
          {endpoint.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {inferred.length > 0 && (
        <details className="inferred" open>
          <summary>{t('help.details.inferred')}</summary>
          <ul aria-label={t('help.details.inferredList')} translate="no">
            {inferred.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </details>
      )}
      {observed.length > 0 && (
        <details className="inferred">
          <summary>{t('help.details.observed')}</summary>
          <ul aria-label={t('help.details.observedList')} translate="no">
            {observed.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </details>
      )}
      <table className="fields" aria-label={t('help.details.fields', { model: endpoint.title })}>
        <ColumnHeads columns={[t('help.details.field'), t('help.details.type'), t('help.details.default'), t('help.details.limits')]} />
        <tbody>
          {endpoint.fields.map((f) => (
            <tr key={f.name}>
              <th scope="row">
                <code translate="no" title={f.description}>
                  {f.name}
                </code>
                {f.required && <Badge tone="warn">{t('help.details.required')}</Badge>}
                {f.inferred && (
                  <Badge tone="accent" title={t('help.details.inferredWhy', { why: f.inferred })}>
                    {t('help.details.inferredBadge')}
                  </Badge>
                )}
              </th>
              <td translate="no">
                {f.type}
                {f.nullable ? ' or null' : ''}
              </td>
              <td translate="no">{describeDefault(f)}</td>
              <td translate="no">{describeConstraint(f)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
