import { fail, pass, type Checked, type Loc } from './issue';
import { counted } from './pydantic';

/** pydantic's `HttpUrl`: at most 2083 characters, http or https, with a host. */
const HTTP_URL_MAX_LENGTH = 2083;
const HTTP_SCHEMES = "'http' or 'https'";
/** Schemes the URL Standard treats as special: their URLs must have a host. */
const SPECIAL = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/**
 * Why a URL does not parse, in the words of the parser pydantic-core uses (rust-url, whose `ParseError`s are
 * these sentences). Node's parser follows the same URL Standard, so it decides whether a URL parses; it does not
 * say why, so the reason is read from the text for the mistakes there are.
 */
function parseFailure(text: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return 'relative URL without a base';
  const rest = text.slice(scheme.length + 1);
  const authority = SPECIAL.has(scheme) ? (/^[/\\]*([^/\\?#]*)/.exec(rest)?.[1] ?? '') : (/^\/\/([^/?#]*)/.exec(rest)?.[1] ?? '');
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  if (hostAndPort === '' || hostAndPort.startsWith(':')) return 'empty host';
  if (hostAndPort.startsWith('[')) return /^\[[^\]]*\](?::\d*)?$/.test(hostAndPort) ? 'invalid port number' : 'invalid IPv6 address';
  const port = /:([^:]*)$/.exec(hostAndPort);
  if (port && !(/^\d*$/.test(port[1]!) && Number(port[1] || 0) <= 65535)) return 'invalid port number';
  const host = port ? hostAndPort.slice(0, port.index) : hostAndPort;
  // The URL Standard reads a host whose last label is a number as an IPv4 address.
  if (/(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/i.test(host)) return 'invalid IPv4 address';
  return 'invalid domain character';
}

/** A `webhook_url` as pydantic's `HttpUrl` checks it: the length in bytes first, then parsing, then the scheme. */
export function httpUrl(loc: Loc, input: unknown, maxLength = HTTP_URL_MAX_LENGTH): Checked {
  if (typeof input !== 'string') return fail(loc, 'url_type', 'URL input should be a string or URL', input);
  if (Buffer.byteLength(input, 'utf8') > maxLength) {
    return fail(loc, 'url_too_long', `URL should have at most ${counted(maxLength, 'character')}`, input, { max_length: maxLength });
  }
  const parsing = (error: string) => fail(loc, 'url_parsing', `Input should be a valid URL, ${error}`, input, { error });
  if (input === '') return parsing('input is empty');
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return parsing(parseFailure(input.trim()));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(loc, 'url_scheme', `URL scheme should be ${HTTP_SCHEMES}`, input, { expected_schemes: HTTP_SCHEMES });
  }
  return pass(input);
}
