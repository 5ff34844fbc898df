import { CATALOG, endpointsByKind, findEndpoint } from '../../../../shared/catalog';
import { TASK_KIND_LABELS } from '../../../../shared/catalog/endpoint';
import { useText } from '../../ui/i18n/textStore';
import { EndpointCard } from './EndpointCard';
import { EndpointDetails } from './EndpointDetails';
import { useHelpStore } from './helpStore';

/** The day the service retired its deprecated endpoints. */
const RETIRED_ON = Date.UTC(2025, 9, 31, 12);

/** Every endpoint of the service, grouped by what it does, with its paths, fields and how sure each fact is. */
export function ServiceReference() {
  const selectedId = useHelpStore((s) => s.endpointId);
  const select = useHelpStore((s) => s.show);
  const text = useText();
  const { t } = text;
  const selected = findEndpoint(selectedId);
  const groups = [...endpointsByKind()].filter(([, endpoints]) => endpoints.length > 0);
  const retired = CATALOG.filter((e) => e.deprecated);
  const or = new Intl.ListFormat(text.locale, { type: 'disjunction' });

  return (
    <div className="home">
      <section className="catalog" aria-labelledby="catalog-title">
        <h1 id="catalog-title">{t('help.reference.title')}</h1>
        <p className="muted">{t('help.reference.lead')}</p>
        {groups.map(([kind, endpoints]) => (
          <section key={kind} className="kind-group" aria-labelledby={`kind-${kind}`} data-kind={kind}>
            <h2 id={`kind-${kind}`}>{t(TASK_KIND_LABELS[kind])}</h2>
            <ul className="endpoint-grid" aria-label={t(TASK_KIND_LABELS[kind])}>
              {endpoints.map((e) => (
                <li key={e.id}>
                  <EndpointCard endpoint={e} selected={e.id === selectedId} onSelect={select} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <details className="retired">
          <summary>{t('help.retired.summary', { count: retired.length })}</summary>
          <p className="muted">{t('help.retired.note', { date: text.date(RETIRED_ON) })}</p>
          <ul aria-label={t('help.retired.list')}>
            {retired.map((e) => (
              <li key={e.id}>
                <code translate="no">{e.id}</code>:{' '}
                {e.deprecated?.migrateTo.length ? t('help.retired.use', { replacements: or.format(e.deprecated.migrateTo) }) : t('help.retired.none')}
              </li>
            ))}
          </ul>
        </details>
      </section>
      {selected && <EndpointDetails endpoint={selected} />}
    </div>
  );
}
