import type { ReactNode } from 'react';
import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import type { FieldSpec, JsonValue } from '../../../../shared/catalog/field';
import type { ValidationIssue } from '../../../../shared/validation/issue';
import { FieldControl } from './FieldControl';
import { groupFields, issuesByField, type FormValues } from './fieldModel';
import { IssueLine } from './IssueLine';
import { useText } from '../../ui/i18n/textStore';
import './forms.css';

export interface EndpointFormProps {
  readonly endpoint: EndpointSpec;
  readonly values: FormValues;
  readonly onChange: (name: string, value: JsonValue | undefined) => void;
  /** Issues in the service's 422 shape, from validation here or from the service itself. */
  readonly issues?: readonly ValidationIssue[];
  /** Renders the control for a media field; fields it returns nothing for say "Set on the canvas". */
  readonly renderMedia?: (field: FieldSpec) => ReactNode;
  /** Fields the host drives itself (for example margins dragged on the canvas) and the form leaves out. */
  readonly hide?: (field: FieldSpec) => boolean;
  readonly disabled?: boolean;
  /** False in the studio, which speaks artist: the catalog's "inferred" notes stay in the service reference. */
  readonly showInferred?: boolean;
}

/**
 * A form for any endpoint, built from the catalog: the one place controls, limits, defaults and inline errors
 * come from. Empty controls are left out of the request, so the service applies its own defaults.
 */
export function EndpointForm({ endpoint, values, onChange, issues = [], renderMedia, hide, disabled, showInferred = true }: EndpointFormProps) {
  const { t } = useText();
  const byField = issuesByField(issues);
  const visible = endpoint.fields.filter((f) => !hide?.(f));
  const groups = groupFields(visible);
  const general = byField.get('') ?? [];
  const control = (f: FieldSpec) => (
    <FieldControl
      key={f.name}
      field={f}
      value={values[f.name]}
      issues={byField.get(f.name) ?? []}
      onChange={(v) => onChange(f.name, v)}
      media={renderMedia?.(f)}
      disabled={disabled}
      showInferred={showInferred}
    />
  );
  // Errors on fields the form does not show (driven elsewhere) are still the user's to see.
  const elsewhere = [...byField].filter(([name]) => name !== '' && !visible.some((f) => f.name === name)).flatMap(([, i]) => i);
  const hasIssues = (fields: FieldSpec[]) => fields.some((f) => byField.has(f.name));

  return (
    <div className="endpoint-form" role="group" aria-label={t('forms.settings', { model: endpoint.title })}>
      {[...general, ...elsewhere].length > 0 && (
        <ul className="form-errors" role="alert" aria-label={t('forms.problems')}>
          {[...general, ...elsewhere].map((i) => (
            <li key={`${i.loc.join('.')}:${i.msg}`}>
              {i.loc.length > 1 ? <code translate="no">{i.loc.slice(1).join('.')}</code> : null} <IssueLine issue={i} />
            </li>
          ))}
        </ul>
      )}
      {groups.main.map(control)}
      {groups.advanced.length + groups.webhook.length > 0 && (
        <details className="form-group" open={hasIssues([...groups.advanced, ...groups.webhook]) || undefined}>
          <summary>{t('forms.advanced')}</summary>
          {groups.advanced.map(control)}
          {groups.webhook.length > 0 && (
            <div className="form-subgroup" role="group" aria-label={t('forms.webhook.group')}>
              <p className="muted small">{t('forms.webhook.note')}</p>
              {groups.webhook.map(control)}
            </div>
          )}
        </details>
      )}
    </div>
  );
}
