import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import { isJsonContentType } from '../http/contentType';
import { detail, validationError, type Reply } from '../http/reply';
import type { DecodedInputs } from '../outputs/job';
import { validateBody } from '../validation/body';
import { serviceIssue, type ServiceIssue } from '../validation/issue';
import { checkEndpointRules } from '../validation/rules';
import { decodeMedia, type MediaSources } from './media';

/** A body the service refuses: its answer, and the 422 items when it is a 422 (none for a 400). */
export interface Refusal {
  readonly ok: false;
  readonly reply: Reply;
  readonly issues: readonly ServiceIssue[];
}

export type ParsedRequest =
  | {
      readonly ok: true;
      /** Plain values the endpoint defines, with the catalog's defaults filled in; `null` counts as absent. */
      readonly params: Readonly<Record<string, JsonValue>>;
      readonly inputs: DecodedInputs;
    }
  | Refusal;

const refuse = (issues: readonly ServiceIssue[]): Refusal => ({ ok: false, reply: validationError(issues), issues });

/**
 * How deep Python's JSON decoder nests before it gives up (a RecursionError at its recursion limit of 1,000,
 * less the frames the server already stands on), which FastAPI answers with a 400, not a 422.
 */
export const MAX_JSON_DEPTH = 1000;

/** Whether a parsed value nests arrays and objects deeper than `limit`; walks containers only, never a string's bytes. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) if (child !== null && typeof child === 'object') stack.push({ value: child, depth });
  }
  return false;
}

/** A body that is not JSON by its Content-Type, as the model sees it: bytes, where it wanted an object. */
export const notJson = (text: string): Refusal =>
  refuse([serviceIssue(['body'], 'model_attributes_type', 'Input should be a valid dictionary or object to extract fields from', text)]);

/**
 * Parses JSON as the service's framework does. A body whose Content-Type is not JSON (or that has none: FastAPI
 * checks it strictly since 0.132) is handed to the model as bytes: `model_attributes_type` with the text as input.
 * A syntax error is a 422 located at the character it stopped at; V8 names no position when the text simply ends
 * (`{"a":`, `[`), which is where Python's decoder stops too: at the end of the input. A body nested deeper than
 * Python's decoder goes is the framework's 400 (V8 parses it, but the Sandbox answers as the service does).
 */
export function parseJson(text: string, contentType?: string): { ok: true; value: unknown } | Refusal {
  if (text.trim().length === 0) return refuse([serviceIssue(['body'], 'missing', 'Field required', null)]);
  if (!isJsonContentType(contentType)) return notJson(text);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /position (\d+)/.exec(message);
    // The service's framework reports a body it could not decode with an empty object as its input.
    return refuse([serviceIssue(['body', at ? Number(at[1]) : text.length], 'json_invalid', 'JSON decode error', {}, { error: message })]);
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) return { ok: false, reply: detail(400, 'There was an error parsing the body'), issues: [] };
  return { ok: true, value };
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
  if (!json.ok) return json;
  const body = validateBody(endpoint, json.value);
  if (!body.ok) return refuse(body.issues);
  const decoded = await decodeMedia(endpoint, body.values, sources);
  // Rules that need a medium that did not decode pass over it; a field is reported once.
  const undecoded = new Set(decoded.issues.map((i) => i.loc[1]));
  const issues = [...decoded.issues, ...checkEndpointRules(endpoint, body.values, decoded.inputs).filter((i) => !undecoded.has(i.loc[1]))];
  if (issues.length) return refuse(issues);
  return { ok: true, params: effectiveParams(endpoint, body.values), inputs: decoded.inputs };
}
