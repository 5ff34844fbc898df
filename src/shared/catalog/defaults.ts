import type { EndpointSpec } from './endpoint';
import type { JsonValue } from './field';

export type RequestBody = Record<string, JsonValue>;

/**
 * The values a new form starts from: each field's documented default, where the document gives one. A default
 * that means "let the service choose" (`defaultIsAuto`) starts empty instead: the service refuses it sent as a value.
 */
export function defaultValues(endpoint: EndpointSpec): RequestBody {
  const out: RequestBody = {};
  for (const f of endpoint.fields) {
    if (f.default === undefined || f.default === null || (f.type === 'integer' && f.defaultIsAuto)) continue;
    out[f.name] = f.default;
  }
  return out;
}

/**
 * The body to send: only fields the endpoint defines, without empty optional values, so the service applies
 * its own defaults rather than ours.
 */
export function compactRequest(endpoint: EndpointSpec, values: Readonly<Record<string, JsonValue | undefined>>): RequestBody {
  const out: RequestBody = {};
  for (const f of endpoint.fields) {
    const v = values[f.name];
    if (v === undefined || v === null) continue;
    if (v === '' && !f.required && f.role !== 'prompt') continue;
    out[f.name] = v;
  }
  return out;
}
