import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import { isJsonContentType } from '../http/contentType';
import type { DecodedInputs } from '../outputs/job';
import { validateBody } from '../validation/body';
import { serviceIssue, type ServiceIssue } from '../validation/issue';
import { checkEndpointRules } from '../validation/rules';
import { decodeMedia, type MediaSources } from './media';

export type ParsedRequest =
  | {
      readonly ok: true;
      /** Plain values the endpoint defines, with the catalog's defaults filled in; `null` counts as absent. */
      readonly params: Readonly<Record<string, JsonValue>>;
      readonly inputs: DecodedInputs;
    }
  | { readonly ok: false; readonly issues: readonly ServiceIssue[] };

/**
 * Parses JSON as the service's framework does: a syntax error is a 422 located at the character it stopped at.
 * V8 names no position when the text simply ends (`{"a":`, `[`), which is where Python's decoder stops too: at
 * the end of the input.
 */
export function parseJson(text: string, contentType?: string): { ok: true; value: unknown } | { ok: false; issue: ServiceIssue } {
  if (text.trim().length === 0) return { ok: false, issue: serviceIssue(['body'], 'missing', 'Field required', null) };
  if (!isJsonContentType(contentType)) {
    return {
      ok: false,
      issue: serviceIssue(
        ['body'],
        'model_attributes_type',
        `Input should be a valid dictionary or object to extract fields from (the body was sent as ${contentType}, which is not read as JSON: send Content-Type: application/json)`,
        text,
      ),
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /position (\d+)/.exec(message);
    return {
      ok: false,
      // The service's framework reports a body it could not decode with an empty object as its input.
      issue: serviceIssue(['body', at ? Number(at[1]) : text.length], 'json_invalid', 'JSON decode error', {}, { error: message }),
    };
  }
}

const MEDIA_TYPES = new Set(['image', 'video', 'keyframes']);

function effectiveParams(endpoint: EndpointSpec, body: Readonly<Record<string, unknown>>): Record<string, JsonValue> {
  const params: Record<string, JsonValue> = {};
  for (const f of endpoint.fields) {
    if (MEDIA_TYPES.has(f.type)) continue;
    const value = body[f.name];
    if (value !== undefined && value !== null) params[f.name] = value as JsonValue;
    else if (f.default !== undefined && f.default !== null) params[f.name] = f.default;
  }
  return params;
}

/**
 * Everything the service checks before it accepts a task: a JSON Content-Type, JSON syntax, the body's model
 * (validation/body.ts, as FastAPI and pydantic do it), then what the endpoint finds once the model is valid: media
 * that does not decode, and the cross-field rules over the decoded sizes (each of these only once the model is
 * valid, as pydantic hands the endpoint nothing before).
 */
export async function parseRequest(endpoint: EndpointSpec, text: string, sources: MediaSources, contentType?: string): Promise<ParsedRequest> {
  const json = parseJson(text, contentType);
  if (!json.ok) return { ok: false, issues: [json.issue] };
  const body = validateBody(endpoint, json.value);
  if (!body.ok) return body;
  const decoded = await decodeMedia(endpoint, body.values, sources);
  // Rules that need a medium that did not decode pass over it; a field is reported once.
  const undecoded = new Set(decoded.issues.map((i) => i.loc[1]));
  const issues = [...decoded.issues, ...checkEndpointRules(endpoint, body.values, decoded.inputs).filter((i) => !undecoded.has(i.loc[1]))];
  if (issues.length) return { ok: false, issues };
  return { ok: true, params: effectiveParams(endpoint, body.values), inputs: decoded.inputs };
}
