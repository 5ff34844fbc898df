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
    const answer = await fx.client.post<{ detail?: unknown[] }>('/v1/gen-dev', row.raw === undefined ? { ...base, ...row.patch } : undefined, row.raw === undefined ? {} : { raw: row.raw });
    if (row.answer === 200) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return;
    }
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([row.answer]);
  });
});
