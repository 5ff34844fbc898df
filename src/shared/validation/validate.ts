import type { EndpointSpec } from '../catalog/endpoint';
import { readBase64ImageHeader } from '../media/imageHeader';
import { checkField, isMediaAddress } from './fieldChecks';
import { issue, type ValidationIssue } from './issue';
import { laxValue } from './lax';
import { checkRules, type ImageProbe, type MediaProbes, type Strictness } from './rules';

export interface ValidateOptions {
  /** Defaults to `client`; the sandbox validates as the service does with `service`. */
  readonly strictness?: Strictness;
  /** Defaults to reading image headers from base64 values; URLs and unknown formats skip size rules. */
  readonly probes?: MediaProbes;
}

/** Reads size and alpha from an inline base64 image; an address (http...) is the service's to fetch. */
const headerImageProbe = (_field: string, value: string): ImageProbe | undefined =>
  isMediaAddress(value) ? undefined : readBase64ImageHeader(value);

const DEFAULT_PROBES: MediaProbes = { image: headerImageProbe };

/**
 * Validates a request body against an endpoint of the catalog and answers as the service does: a list of
 * `{loc: ['body', field], msg, type}`. Empty means valid. Fields the endpoint does not define are ignored, and
 * `null` counts as absent for nullable fields.
 */
export function validateRequest(endpoint: EndpointSpec, body: unknown, options: ValidateOptions = {}): ValidationIssue[] {
  // FastAPI takes a JSON `null` body as no body at all: the body is missing, not of the wrong type.
  if (body === undefined || body === null) return [issue(['body'], 'missing', 'Field required')];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [issue(['body'], 'model_attributes_type', 'Input should be a valid dictionary or object to extract fields from')];
  }
  const record = body as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  for (const field of endpoint.fields) {
    const loc = ['body', field.name] as const;
    const value = record[field.name];
    if (value === undefined || (value === null && field.nullable)) {
      if (field.required) issues.push(issue(loc, 'missing', 'Field required'));
      continue;
    }
    issues.push(...checkField(loc, value, field));
  }
  // Cross-field rules read fields that passed their own checks; a field already refused above is reported once,
  // not again as "missing" by a rule that no longer sees it.
  const invalid = new Set(issues.map((i) => i.loc[1]));
  const clean = Object.fromEntries(Object.entries(coerceRequest(endpoint, record)).filter(([k]) => !invalid.has(k)));
  const ruleIssues = checkRules({
    endpoint,
    body: clean,
    probes: options.probes ?? DEFAULT_PROBES,
    strictness: options.strictness ?? 'client',
  });
  issues.push(...ruleIssues.filter((i) => !invalid.has(i.loc[1])));
  return issues;
}

/**
 * The body with each scalar as the service reads it in its lax mode (`"1024"` is 1024, `"true"` is true), for
 * whatever uses the values once they are valid: cross-field rules, the Sandbox's outputs. Values that do not
 * convert are left as they are (validation reports them).
 */
export function coerceRequest(endpoint: EndpointSpec, record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const field of endpoint.fields) {
    const value = record[field.name];
    if (value === undefined || value === null) continue;
    const lax = laxValue([], value, field);
    if (lax.ok) out[field.name] = lax.value;
  }
  return out;
}
