/**
 * Which addresses Gen Studio talks to, and which of them may see a key. Loopback addresses (the built-in
 * sandbox, a local proxy) may use http; everything else must be https.
 */

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

export type UrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string };

/** A connection's base address: http(s), https unless loopback, no credentials, query or fragment. */
export function checkBaseUrl(raw: string, what = 'The base URL'): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: `${what} is not an address (expected something like https://api.example.com).` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: `${what} must start with https://.` };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: `${what} must use https: keys are never sent unencrypted (http is allowed only for this computer, e.g. http://127.0.0.1).` };
  }
  if (url.username || url.password) return { ok: false, message: `${what} must not contain a user name or password.` };
  if (url.search || url.hash) return { ok: false, message: `${what} must not contain a query (?) or fragment (#).` };
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
 * Whether a polling address the service returned may receive the key of a connection: https always; plain
 * http only when both it and the connection itself are on this computer (the built-in sandbox, a local proxy).
 * A remote https service that hands out an http address, even a loopback one, gets no key over it: whatever
 * listens on this computer's port is not the service the user trusted.
 */
export function isSecurePollingAddress(raw: string, connectionBaseUrl: string): boolean {
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && isLoopbackHost(url.hostname) && isLoopbackHost(new URL(connectionBaseUrl).hostname);
  } catch {
    return false;
  }
}

export function originOf(raw: string): string | undefined {
  try {
    return new URL(raw).origin;
  } catch {
    return undefined;
  }
}

/**
 * The key goes only to the connection's own origins and to the polling hosts the service returned for a task,
 * and only over a secure transport.
 */
export function mayReceiveKey(raw: string, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = originOf(raw);
  return origin !== undefined && allowedOrigins.has(origin) && isSecureTransport(raw);
}
