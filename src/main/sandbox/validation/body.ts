import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import { checkValue } from './fields';
import { serviceIssue, type ServiceIssue } from './issue';

export type ValidatedBody =
  | { readonly ok: true; readonly values: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly issues: readonly ServiceIssue[] };

/**
 * A decoded JSON body as FastAPI hands it to the endpoint's pydantic model: a JSON `null` is no body at all
 * (`missing`), anything but an object is `model_attributes_type`; then every field the model declares, in
 * order, each issue reported (fields it does not declare are ignored). `null` is a value like any other: a
 * nullable field takes it, any other refuses it for its type. A required field left out is `missing`, with the
 * whole body as its input. Answers the body with each value as the model read it (`"28"` is 28).
 */
export function validateBody(endpoint: EndpointSpec, body: unknown): ValidatedBody {
  if (body === null) return { ok: false, issues: [serviceIssue(['body'], 'missing', 'Field required', null)] };
  if (typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, issues: [serviceIssue(['body'], 'model_attributes_type', 'Input should be a valid dictionary or object to extract fields from', body)] };
  }
  const record = body as Record<string, unknown>;
  const values: Record<string, unknown> = { ...record };
  const issues: ServiceIssue[] = [];
  for (const field of endpoint.fields) {
    const input = record[field.name];
    if (input === undefined) {
      if (field.required) issues.push(serviceIssue(['body', field.name], 'missing', 'Field required', record));
      continue;
    }
    if (input === null && field.nullable) continue;
    const checked = checkValue(['body', field.name], input, field);
    issues.push(...checked.issues);
    values[field.name] = checked.value;
  }
  return issues.length ? { ok: false, issues } : { ok: true, values };
}
