import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import { issue, withInput, type ValidationIssue } from '../../../shared/validation/issue';
import { coerceRequest, validateRequest } from '../../../shared/validation/validate';
import { isJsonContentType } from '../http/contentType';
import type { DecodedInputs } from '../outputs/job';
import { decodeMedia, type MediaSources } from './media';

export type ParsedRequest =
  | {
      readonly ok: true;
      /** Plain values the endpoint defines, with the catalog's defaults filled in; `null` counts as absent. */
      readonly params: Readonly<Record<string, JsonValue>>;
      readonly inputs: DecodedInputs;
    }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/**
 * Parses JSON as the service's framework does: a syntax error is a 422 located at the character it stopped at.
 * V8 names no position when the text simply ends (`{"a":`, `[`), which is where Python's decoder stops too: at
 * the end of the input.
 */
export function parseJson(text: string, contentType?: string): { ok: true; value: unknown } | { ok: false; issue: ValidationIssue } {
  if (text.trim().length === 0) return { ok: false, issue: { ...issue(['body'], 'missing', 'Field required'), input: null } };
  if (!isJsonContentType(contentType)) {
    return {
      ok: false,
      issue: issue(
        ['body'],
        'model_attributes_type',
        `Input should be a valid dictionary or object to extract fields from (the body was sent as ${contentType}, which is not read as JSON: send Content-Type: application/json)`,
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
      issue: { ...issue(['body', at ? Number(at[1]) : text.length], 'json_invalid', 'JSON decode error', { error: message }), input: {} },
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
 * Everything the service checks before it accepts a task: a JSON Content-Type, JSON syntax, the body's shape,
 * each field against the catalog (as the service validates: unknown fields ignored, `null` as absent where
 * nullable), the cross-field rules with the real decoded sizes, and media that does not decode.
 */
export async function parseRequest(endpoint: EndpointSpec, text: string, sources: MediaSources, contentType?: string): Promise<ParsedRequest> {
  const json = parseJson(text, contentType);
  if (!json.ok) return { ok: false, issues: [json.issue] };
  const body = json.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, issues: validateRequest(endpoint, body, { strictness: 'service' }).map((i) => withInput(i, body)) };
  }
  // Numbers and booleans as the service reads them (lax): "1024" is 1024 for the outputs too.
  const record = coerceRequest(endpoint, body as Record<string, unknown>);
  const sent = body as Record<string, unknown>;
  const decoded = await decodeMedia(endpoint, record, sources);
  const issues = validateRequest(endpoint, sent, {
    strictness: 'service',
    probes: {
      image: (field) => decoded.inputs.images.get(field),
      video: (field) => {
        const v = decoded.inputs.videos.get(field);
        return v ? { seconds: v.seconds, bytes: v.bytes.byteLength, width: v.width, height: v.height } : undefined;
      },
    },
  });
  const reported = new Set(issues.map((i) => JSON.stringify(i.loc.slice(0, 2))));
  const all = [...issues, ...decoded.issues.filter((i) => !reported.has(JSON.stringify(i.loc.slice(0, 2))))];
  if (all.length) return { ok: false, issues: all.map((i) => withInput(i, sent)) };
  return { ok: true, params: effectiveParams(endpoint, record), inputs: decoded.inputs };
}
