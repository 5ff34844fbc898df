import type { FieldSpec, StringField } from '../catalog/field';
import { words, wordsList } from '../i18n/words';
import { issue, issueSaid, issueWith, quoteList, type ValidationIssue } from './issue';
import { laxValue } from './lax';

type Loc = readonly (string | number)[];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function checkRange(loc: Loc, value: number, f: { min?: number; max?: number }): ValidationIssue[] {
  if (f.min !== undefined && value < f.min) {
    return [issue(loc, 'greater_than_equal', `Input should be greater than or equal to ${f.min}`, { ge: f.min })];
  }
  if (f.max !== undefined && value > f.max) {
    return [issue(loc, 'less_than_equal', `Input should be less than or equal to ${f.max}`, { le: f.max })];
  }
  return [];
}

/** A media value the service would fetch rather than decode: any http(s) address, well formed or not. */
export function isMediaAddress(value: string): boolean {
  return /^https?:\/\//i.test(value.trimStart());
}

export function parseRatio(value: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(value.trim());
  if (!m) return undefined;
  const w = Number(m[1]);
  const h = Number(m[2]);
  return w > 0 && h > 0 ? w / h : undefined;
}

const URL_SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The URL parser's reasons as the service names them in `ctx.error`, by the select of `forms.issue.urlInvalid`. */
const PARSER_REASONS = {
  empty: 'input is empty',
  relative: 'relative URL without a base',
  host: 'empty host',
  port: 'invalid port number',
  character: 'invalid domain character',
  ipv4: 'invalid IPv4 address',
} as const;

/** Characters as the service counts a string's length (Python's `len`: code points, not UTF-16 units). */
const characters = (value: string) => [...value].length;

/** Bytes of the text in UTF-8: pydantic measures a URL's length so. */
function utf8Length(value: string): number {
  let n = 0;
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    n += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return n;
}

/** One part of an IPv4 address as the URL Standard reads it: decimal, 0x hex or 0-led octal. */
function ipv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part, 8);
  return /^\d+$/.test(part) ? Number(part) : undefined;
}

/**
 * The URL Standard takes a host whose last label is a number as an IPv4 address, which must then be one: at
 * most four parts, each but the last under 256, the last filling the bytes left (`999.999.999.999` is refused,
 * `1.2.3` is 1.2.0.3).
 */
function badIpv4(host: string): boolean {
  const labels = host.replace(/\.$/, '').split('.');
  if (ipv4Part(labels.at(-1)!) === undefined) return false;
  const parts = labels.map(ipv4Part);
  if (parts.length > 4 || parts.some((p) => p === undefined)) return true;
  const last = parts.at(-1)!;
  return parts.slice(0, -1).some((p) => p! > 255) || last! >= 256 ** (5 - parts.length);
}

/**
 * A `uri` field as pydantic's HttpUrl (max length 2083) checks it, with its error types: the length first
 * (`url_too_long`), then whether it parses (`url_parsing`, the parser's reason in `ctx.error`), then the scheme
 * (`url_scheme`). The reasons are those of the URL parser pydantic uses (rust-url) for the usual mistakes.
 */
function checkUrl(loc: Loc, value: string, f: StringField): ValidationIssue[] {
  const max = f.maxLength ?? 2083;
  if (utf8Length(value) > max) return [issueSaid(loc, 'url_too_long', words('forms.issue.urlTooLong', { count: max }), { max_length: max })];
  const text = value.trim();
  const parsing = (reason: keyof typeof PARSER_REASONS) => [issueSaid(loc, 'url_parsing', words('forms.issue.urlInvalid', { reason }), { error: PARSER_REASONS[reason] })];
  if (text === '') return parsing('empty');
  const scheme = URL_SCHEME.exec(text)?.[1]?.toLowerCase();
  if (!scheme) return parsing('relative');
  // Any other scheme parses (rust-url takes nearly anything after one) and is then refused for its scheme.
  if (scheme !== 'http' && scheme !== 'https') return [issueSaid(loc, 'url_scheme', words('forms.issue.urlScheme'), { expected_schemes: "'http' or 'https'" })];
  // rust-url skips any number of slashes after an http(s) scheme; what follows them, up to a path, is the host.
  const authority = /^[^/?#\\]*/.exec(text.replace(/^https?:[/\\]*/i, ''))![0];
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  const port = /:(\d*)$/.exec(hostAndPort);
  const host = port ? hostAndPort.slice(0, port.index) : hostAndPort;
  if (host === '') return parsing('host');
  if (port && Number(port[1] || 0) > 65535) return parsing('port');
  // The host is percent-decoded before its characters are checked (`exa%41mple.com` is `exaAmple.com`).
  const decoded = host.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  if (/[\s%<>^|[\]:]/.test(decoded.replace(/^\[[0-9a-f:.]+\]$/i, 'ipv6'))) return parsing('character');
  if (badIpv4(decoded)) return parsing('ipv4');
  return [];
}

function checkString(loc: Loc, value: string, f: StringField): ValidationIssue[] {
  if (f.format === 'uri') return checkUrl(loc, value, f);
  if (f.minLength !== undefined && characters(value) < f.minLength) {
    return [
      issue(loc, 'string_too_short', `String should have at least ${plural(f.minLength, 'character')}`, {
        min_length: f.minLength,
      }),
    ];
  }
  if (f.maxLength !== undefined && characters(value) > f.maxLength) {
    return [
      issue(loc, 'string_too_long', `String should have at most ${plural(f.maxLength, 'character')}`, {
        max_length: f.maxLength,
      }),
    ];
  }
  if (f.format === 'aspect-ratio') {
    const ratio = parseRatio(value);
    if (ratio === undefined) return [issueSaid(loc, 'value_error', words('forms.issue.ratioShape'))];
    if (f.ratioRange) {
      const [a, b] = f.ratioRange.map((r) => parseRatio(r) ?? 1) as [number, number];
      const lo = Math.min(a, b);
      const hi = Math.max(a, b);
      if (ratio < lo - 1e-9 || ratio > hi + 1e-9) {
        return [
          issueSaid(loc, 'value_error', words('forms.issue.ratioRange', { low: f.ratioRange[0], high: f.ratioRange[1] })),
        ];
      }
    }
  }
  return [];
}

/** Keyframes are our own field (the document leaves the payload unstated), so the counts are said for artists. */
function checkKeyframes(loc: Loc, value: unknown[], f: { minItems: number; maxItems: number }): ValidationIssue[] {
  if (value.length < f.minItems) {
    return [
      issueSaid(loc, 'too_short', words('forms.issue.keyframesAtLeast', { min: f.minItems, count: value.length }), {
        min_length: f.minItems,
      }),
    ];
  }
  if (value.length > f.maxItems) {
    return [
      issueSaid(loc, 'too_long', words('forms.issue.keyframesAtMost', { max: f.maxItems, count: value.length }), {
        max_length: f.maxItems,
      }),
    ];
  }
  const out: ValidationIssue[] = [];
  value.forEach((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      out.push(issueWith([...loc, i], 'model_type', 'Input should be an object with image and time', words('forms.issue.keyframeShape')));
      return;
    }
    const k = item as { image?: unknown; time?: unknown };
    if (typeof k.image !== 'string') out.push(issueWith([...loc, i, 'image'], 'string_type', 'Input should be a valid string', words('forms.issue.keyframePicture')));
    if (typeof k.time !== 'number' || !Number.isFinite(k.time)) {
      out.push(issueWith([...loc, i, 'time'], 'float_type', 'Input should be a valid number', words('forms.issue.keyframeTime')));
    } else if (k.time < 0) {
      out.push(issueWith([...loc, i, 'time'], 'greater_than_equal', 'Input should be greater than or equal to 0', words('forms.issue.keyframeBeforeStart'), { ge: 0 }));
    }
  });
  return out;
}

/** Checks one present, non-null value against its field: type first, then limits. */
export function checkField(loc: Loc, value: unknown, f: FieldSpec): ValidationIssue[] {
  switch (f.type) {
    case 'integer': {
      const lax = laxValue(loc, value, f);
      if (!lax.ok) return [lax.issue];
      const n = lax.value as number;
      // pydantic-core checks the multiple before the bounds: `width: true` (1) is "not a multiple of 32".
      if (f.multipleOf !== undefined && n % f.multipleOf !== 0) {
        return [issue(loc, 'multiple_of', `Input should be a multiple of ${f.multipleOf}`, { multiple_of: f.multipleOf })];
      }
      return checkRange(loc, n, f);
    }
    case 'number': {
      const lax = laxValue(loc, value, f);
      return lax.ok ? checkRange(loc, lax.value as number, f) : [lax.issue];
    }
    case 'boolean': {
      const lax = laxValue(loc, value, f);
      return lax.ok ? [] : [lax.issue];
    }
    case 'enum': {
      const accepted = [...f.values, ...(f.alsoAccepted ?? [])];
      return typeof value === 'string' && accepted.includes(value)
        ? []
        : [issueWith(loc, 'enum', `Input should be ${quoteList(accepted)}`, words('forms.issue.oneOf', { choices: wordsList(accepted.map((v) => `'${v}'`), 'or') }), { expected: quoteList(accepted) })];
    }
    case 'string':
      if (typeof value === 'string') return checkString(loc, value, f);
      return [f.format === 'uri' ? issueWith(loc, 'url_type', 'URL input should be a string or URL', words('forms.issue.urlType')) : issue(loc, 'string_type', 'Input should be a valid string')];
    case 'image':
    case 'video':
      if (typeof value !== 'string') return [issue(loc, 'string_type', 'Input should be a valid string')];
      if (value.length === 0) return [issue(loc, 'string_too_short', 'String should have at least 1 character', { min_length: 1 })];
      // The service fetches addresses only where the document says so; elsewhere a URL would be read as bad base64.
      if (f.encoding === 'base64' && isMediaAddress(value)) {
        return [issue(loc, 'value_error', `Value error, ${f.name} takes a base64-encoded ${f.type}, not an address`)];
      }
      return [];
    case 'keyframes':
      return Array.isArray(value) ? checkKeyframes(loc, value, f) : [issueWith(loc, 'list_type', 'Input should be a valid list', words('forms.issue.keyframesList'))];
  }
}
