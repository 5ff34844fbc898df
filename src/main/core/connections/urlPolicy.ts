import { getDomain } from 'tldts';
import { english } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import { urlRefusal, type BaseUrlWhich } from '../i18n/accountRefusals';

/**
 * Which addresses Gen Studio talks to, and which of them may see a key. Pure: every rule about where a key
 * may go is decided here, and tested here.
 *
 * - Plain http only to this computer: 127.0.0.0/8, ::1 and `localhost` itself. Not `*.localhost`: Node asks
 *   the network's DNS for such names, so a key sent there could leave the computer in clear text. `localhost`
 *   is connected to as 127.0.0.1 (`connectAddress`), never looked up.
 * - A polling address gets the key only on the connection's own registrable domain (the service answers on
 *   regional hosts of its own domain), on a host the user allowed for that key, or, for a connection on this
 *   computer, on this computer.
 */

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** This computer, by a name no resolver is asked about: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || host === '0:0:0:0:0:0:0:1' || LOOPBACK_V4.test(host);
}

export type UrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string; readonly words: Words };

const refuse = (said: Words): UrlCheck => ({ ok: false, message: english(said), words: said });

/** A connection's base address: http(s), https unless loopback, no credentials, query or fragment. */
export function checkBaseUrl(raw: string, which: BaseUrlWhich = 'base'): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refuse(urlRefusal.notAddress(which));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(urlRefusal.notWeb(which));
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return refuse(urlRefusal.insecure(which));
  }
  if (url.username || url.password) return refuse(urlRefusal.credentials(which));
  if (url.search || url.hash) return refuse(urlRefusal.query(which));
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
}

/** Whether an address is safe to send a key to at all: https, or http to this computer. */
export function isSecureTransport(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
}

/**
 * The address a request actually connects to: plain http to `localhost` goes to 127.0.0.1 itself, so the name
 * is never handed to a resolver that might ask the network. https keeps its name (the certificate is checked
 * against it, which protects the key wherever the name resolves).
 */
export function connectAddress(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== 'http:' || url.hostname.toLowerCase() !== 'localhost') return raw;
  url.hostname = '127.0.0.1';
  return url.toString();
}

export function originOf(raw: string): string | undefined {
  try {
    return new URL(raw).origin;
  } catch {
    return undefined;
  }
}

/** `host[:port]` as a person reads it in a dialog. */
export function hostOf(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return raw;
  }
}

/**
 * The key goes only to the origins a request names as allowed (the connection's, and the polling host a check
 * below let through), and only over a secure transport. httpClient applies this to every key-bearing request.
 */
export function mayReceiveKey(raw: string, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = originOf(raw);
  return origin !== undefined && allowedOrigins.has(origin) && isSecureTransport(raw);
}

/** The registrable domain (example.com for api.eu.example.com; private suffixes such as herokuapp.com count). */
export function registrableDomain(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (host.endsWith('.') || host.startsWith('[')) return null;
  return getDomain(host, { allowPrivateDomains: true });
}

/** Where one key may go: its connection's addresses and the origins the user allowed for it. */
export interface KeyScope {
  readonly baseUrl: string;
  readonly regionalBaseUrl: string;
  /** Origins the user allowed this key to go to (kept with the key in the keychain). */
  readonly allowedOrigins: ReadonlySet<string>;
}

export type PollingVerdict =
  | { readonly ok: true; readonly origin: string }
  /**
   * `foreign`: a secure address outside the connection's domain, which the user may allow; `insecure` and
   * `invalid` are never allowed.
   */
  | { readonly ok: false; readonly reason: 'invalid' | 'insecure' | 'foreign'; readonly host: string; readonly message: string };

/** Whether a polling address may receive the key of a connection, and why not. */
export function pollingVerdict(raw: string, scope: KeyScope): PollingVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid', host: raw.slice(0, 80), message: 'The service gave a polling address Gen Studio cannot read.' };
  }
  const host = url.host;
  const connectionHosts = [scope.baseUrl, scope.regionalBaseUrl].map((u) => new URL(u).hostname);
  const connectionOnThisComputer = connectionHosts.every(isLoopbackHost);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.hostname.endsWith('.')) {
    return { ok: false, reason: 'invalid', host, message: `The service gave a polling address (${host}) Gen Studio does not send your key to.` };
  }
  if (url.protocol === 'http:') {
    // A remote https service that names an http address, even one on this computer, gets no key there:
    // whatever listens on this computer's port is not the service the user trusted.
    if (isLoopbackHost(url.hostname) && connectionOnThisComputer) return { ok: true, origin: url.origin };
    return { ok: false, reason: 'insecure', host, message: `The service gave a polling address Gen Studio does not send your key to (${host}, not https).` };
  }
  const own = new Set([originOf(scope.baseUrl), originOf(scope.regionalBaseUrl)]);
  if (own.has(url.origin) || scope.allowedOrigins.has(url.origin)) return { ok: true, origin: url.origin };
  if (connectionOnThisComputer && isLoopbackHost(url.hostname)) return { ok: true, origin: url.origin };
  const domain = registrableDomain(url.hostname);
  const ownDomains = connectionHosts.map(registrableDomain).filter((d): d is string => d !== null);
  if (domain !== null && ownDomains.includes(domain)) return { ok: true, origin: url.origin };
  const whose = ownDomains[0] ?? connectionHosts[0]!;
  return {
    ok: false,
    reason: 'foreign',
    host,
    message: `The service named ${host} to follow this task, which is not part of ${whose}; Gen Studio did not send your key there. The service accepted the task and may charge for it.`,
  };
}
