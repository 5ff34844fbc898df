import { describe, expect, it } from 'vitest';
import { sandboxPerFile } from './testing/lifecycle';

/**
 * The Sandbox validates as the service does: FastAPI in its default (lax) mode, pydantic v2 underneath (field
 * notes). Each row is one request to gen-dev and the very answer the service gives it, written out here from
 * pydantic's own error types and messages, never computed by the app's code, so a Sandbox that drifts from
 * the service fails here. Where the document and the published schema differ, the row says which one rules.
 */
const fx = sandboxPerFile({ timing: 'instant' });

const base = { prompt: 'a lighthouse', width: 256, height: 256, output_format: 'png' };
const longUrl = `https://example.com/${'a'.repeat(2084 - 'https://example.com/'.length)}`;

interface Row {
  readonly case: string;
  /** the endpoint, when not gen-dev; its body is then `body` alone */
  readonly path?: string;
  readonly body?: Record<string, unknown>;
  /** the body sent: `base` with these fields, or this raw text */
  readonly patch?: Record<string, unknown>;
  readonly raw?: string;
  /** 200, or the one 422 item the service answers */
  readonly answer: 200 | { loc: (string | number)[]; msg: string; type: string; input: unknown; ctx?: Record<string, unknown> };
}

const ROWS: Row[] = [
  // Lax integers: pydantic-core reads a numeric string, trimmed, and a fraction of zeros only.
  { case: 'an integer as "28.0"', patch: { steps: '28.0' }, answer: 200 },
  { case: 'an integer as " 28 "', patch: { steps: ' 28 ' }, answer: 200 },
  { case: 'an integer as "1024"', patch: { width: '1024' }, answer: 200 },
  { case: 'an integer as a float of zeros, 28.0', patch: { steps: 28.0 }, answer: 200 },
  {
    case: 'an integer as "28.5"',
    patch: { steps: '28.5' },
    answer: { loc: ['body', 'steps'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing', input: '28.5' },
  },
  {
    case: 'an integer as 28.5',
    patch: { steps: 28.5 },
    answer: { loc: ['body', 'steps'], msg: 'Input should be a valid integer, got a number with a fractional part', type: 'int_from_float', input: 28.5 },
  },
  { case: 'a boolean as "yes"', patch: { prompt_upsampling: 'yes' }, answer: 200 },
  // pydantic-core checks multiple_of before ge/le: true is 1, which is first not a multiple of 32.
  {
    case: 'width: true',
    patch: { width: true },
    answer: { loc: ['body', 'width'], msg: 'Input should be a multiple of 32', type: 'multiple_of', input: true, ctx: { multiple_of: 32 } },
  },
  {
    case: 'width: 255 (below and not a multiple)',
    patch: { width: 255 },
    answer: { loc: ['body', 'width'], msg: 'Input should be a multiple of 32', type: 'multiple_of', input: 255, ctx: { multiple_of: 32 } },
  },
  {
    case: 'width: 224 (a multiple, below)',
    patch: { width: 224 },
    answer: { loc: ['body', 'width'], msg: 'Input should be greater than or equal to 256', type: 'greater_than_equal', input: 224, ctx: { ge: 256 } },
  },
  // `user`: the published schema has no length rule; the interface document says 1 to 256, and it rules.
  {
    case: 'user: "" (the document’s 1-to-256 rule)',
    patch: { user: '' },
    answer: { loc: ['body', 'user'], msg: 'String should have at least 1 character', type: 'string_too_short', input: '', ctx: { min_length: 1 } },
  },
  // webhook_url is pydantic's HttpUrl (max length 2083): its own error types, each with ctx where it has one.
  {
    case: 'webhook_url that is not a URL',
    patch: { webhook_url: 'not a url' },
    answer: { loc: ['body', 'webhook_url'], msg: 'Input should be a valid URL, relative URL without a base', type: 'url_parsing', input: 'not a url', ctx: { error: 'relative URL without a base' } },
  },
  {
    case: 'webhook_url: ""',
    patch: { webhook_url: '' },
    answer: { loc: ['body', 'webhook_url'], msg: 'Input should be a valid URL, input is empty', type: 'url_parsing', input: '', ctx: { error: 'input is empty' } },
  },
  {
    case: 'webhook_url without a host',
    patch: { webhook_url: 'https://' },
    answer: { loc: ['body', 'webhook_url'], msg: 'Input should be a valid URL, empty host', type: 'url_parsing', input: 'https://', ctx: { error: 'empty host' } },
  },
  {
    case: 'webhook_url with another scheme',
    patch: { webhook_url: 'ftp://example.com/hook' },
    answer: {
      loc: ['body', 'webhook_url'],
      msg: "URL scheme should be 'http' or 'https'",
      type: 'url_scheme',
      input: 'ftp://example.com/hook',
      ctx: { expected_schemes: "'http' or 'https'" },
    },
  },
  {
    case: 'webhook_url of 2084 characters',
    patch: { webhook_url: longUrl },
    answer: { loc: ['body', 'webhook_url'], msg: 'URL should have at most 2083 characters', type: 'url_too_long', input: longUrl, ctx: { max_length: 2083 } },
  },
  {
    case: 'webhook_url that is a number',
    patch: { webhook_url: 12 },
    answer: { loc: ['body', 'webhook_url'], msg: 'URL input should be a string or URL', type: 'url_type', input: 12 },
  },
  { case: 'webhook_url at 127.0.0.1 with a port and path', patch: { webhook_url: 'http://127.0.0.1:9/hook?x=1' }, answer: 200 },
  // pydantic-core's own parsing of integer text: a fraction needs a digit; underscores between digits are read.
  {
    case: 'an integer as "28." (no digit after the point)',
    patch: { steps: '28.' },
    answer: { loc: ['body', 'steps'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing', input: '28.' },
  },
  { case: 'an integer as "1_024"', patch: { width: '1_024' }, answer: 200 },
  {
    case: 'an integer as "12abc"',
    patch: { seed: '12abc' },
    answer: { loc: ['body', 'seed'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing', input: '12abc' },
  },
  // Booleans: the words in any case, but not trimmed; numbers 0 and 1 only.
  { case: 'a boolean as "TRUE"', patch: { prompt_upsampling: 'TRUE' }, answer: 200 },
  {
    case: 'a boolean as " yes " (pydantic does not trim)',
    patch: { prompt_upsampling: ' yes ' },
    answer: { loc: ['body', 'prompt_upsampling'], msg: 'Input should be a valid boolean, unable to interpret input', type: 'bool_parsing', input: ' yes ' },
  },
  {
    case: 'a boolean as 2',
    patch: { prompt_upsampling: 2 },
    answer: { loc: ['body', 'prompt_upsampling'], msg: 'Input should be a valid boolean, unable to interpret input', type: 'bool_parsing', input: 2 },
  },
  // Ranges from the document, in pydantic's words and ctx.
  {
    case: 'steps: 51 (doc: 1 to 50)',
    patch: { steps: 51 },
    answer: { loc: ['body', 'steps'], msg: 'Input should be less than or equal to 50', type: 'less_than_equal', input: 51, ctx: { le: 50 } },
  },
  {
    case: 'width: 1472 (doc: at most 1440; a multiple of 32)',
    patch: { width: 1472 },
    answer: { loc: ['body', 'width'], msg: 'Input should be less than or equal to 1440', type: 'less_than_equal', input: 1472, ctx: { le: 1440 } },
  },
  {
    case: 'guidance: 1 (doc: 1.5 to 5)',
    patch: { guidance: 1 },
    answer: { loc: ['body', 'guidance'], msg: 'Input should be greater than or equal to 1.5', type: 'greater_than_equal', input: 1, ctx: { ge: 1.5 } },
  },
  { case: 'guidance as "2.5"', patch: { guidance: '2.5' }, answer: 200 },
  {
    case: 'guidance as "inf" (a float to pydantic, then above 5)',
    patch: { guidance: 'inf' },
    answer: { loc: ['body', 'guidance'], msg: 'Input should be less than or equal to 5', type: 'less_than_equal', input: 'inf', ctx: { le: 5 } },
  },
  // pydantic's floats allow NaN, but a bound must hold and NaN holds none: the first bound checked (le) refuses it.
  {
    case: 'guidance as "nan" (a float to pydantic, then no bound holds)',
    patch: { guidance: 'nan' },
    answer: { loc: ['body', 'guidance'], msg: 'Input should be less than or equal to 5', type: 'less_than_equal', input: 'nan', ctx: { le: 5 } },
  },
  {
    case: 'safety_tolerance: 7 (doc: 0 to 6)',
    patch: { safety_tolerance: 7 },
    answer: { loc: ['body', 'safety_tolerance'], msg: 'Input should be less than or equal to 6', type: 'less_than_equal', input: 7, ctx: { le: 6 } },
  },
  // Enums: the document's values exactly.
  {
    case: 'output_format: "PNG"',
    patch: { output_format: 'PNG' },
    answer: { loc: ['body', 'output_format'], msg: "Input should be 'jpeg', 'png' or 'webp'", type: 'enum', input: 'PNG', ctx: { expected: "'jpeg', 'png' or 'webp'" } },
  },
  { case: 'output_format: null (doc: enum or null)', patch: { output_format: null }, answer: 200 },
  // Types and null where the document does not allow it.
  { case: 'width: null (doc: integer, not nullable)', patch: { width: null }, answer: { loc: ['body', 'width'], msg: 'Input should be a valid integer', type: 'int_type', input: null } },
  { case: 'steps: null (doc: integer or null)', patch: { steps: null }, answer: 200 },
  { case: 'prompt: 12 (no number as a string)', patch: { prompt: 12 }, answer: { loc: ['body', 'prompt'], msg: 'Input should be a valid string', type: 'string_type', input: 12 } },
  // String lengths are Python's: characters (code points), not UTF-16 units.
  {
    case: 'user of 257 characters (doc: 1 to 256)',
    patch: { user: 'u'.repeat(257) },
    answer: { loc: ['body', 'user'], msg: 'String should have at most 256 characters', type: 'string_too_long', input: 'u'.repeat(257), ctx: { max_length: 256 } },
  },
  { case: 'user of 256 emoji (256 characters, 512 UTF-16 units)', patch: { user: '🦊'.repeat(256) }, answer: 200 },
  // The URL parser's own reasons.
  {
    case: 'webhook_url with an IPv4 host out of range',
    patch: { webhook_url: 'http://999.999.999.999/hook' },
    answer: { loc: ['body', 'webhook_url'], msg: 'Input should be a valid URL, invalid IPv4 address', type: 'url_parsing', input: 'http://999.999.999.999/hook', ctx: { error: 'invalid IPv4 address' } },
  },
  {
    case: 'webhook_url with a port over 65535',
    patch: { webhook_url: 'http://example.com:70000/hook' },
    answer: { loc: ['body', 'webhook_url'], msg: 'Input should be a valid URL, invalid port number', type: 'url_parsing', input: 'http://example.com:70000/hook', ctx: { error: 'invalid port number' } },
  },
  // Fields: unknown ones ignored; a required one left out is missing, with the whole body as its input.
  { case: 'a field the endpoint does not define', patch: { nonsense: 1, Width: 'wide' }, answer: 200 },
  {
    case: 'gen-ctx-max without its required prompt',
    path: '/v1/gen-ctx-max',
    body: { seed: 1 },
    answer: { loc: ['body', 'prompt'], msg: 'Field required', type: 'missing', input: { seed: 1 } },
  },
  // A JSON null body is no body to FastAPI; other non-objects are the wrong type.
  { case: 'a null body', raw: 'null', answer: { loc: ['body'], msg: 'Field required', type: 'missing', input: null } },
  {
    case: 'a list as the body',
    raw: '[]',
    answer: { loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type', input: [] },
  },
];

describe('validation as the service does it (FastAPI, lax mode)', () => {
  it.each(ROWS)('$case', async (row) => {
    const body = row.body ?? { ...base, ...row.patch };
    const answer = await fx.client.post<{ detail?: unknown[] }>(row.path ?? '/v1/gen-dev', row.raw === undefined ? body : undefined, row.raw === undefined ? {} : { raw: row.raw });
    if (row.answer === 200) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return;
    }
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([row.answer]);
  });
});
