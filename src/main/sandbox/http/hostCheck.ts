/**
 * The Sandbox listens on 127.0.0.1 only, but a web page can still reach it through DNS rebinding: its own name
 * is made to resolve to 127.0.0.1, and the browser then sends `Host: evil.example:<port>`. Answering only
 * requests addressed to this computer by one of its loopback names, at the port that was asked, closes that.
 */
const OWN_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a `Host` header names this sandbox: a loopback name with the port it listens on. */
export function isOwnHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const match = /^(\[[^\]]*\]|[^:]+):(\d{1,5})$/.exec(hostHeader.trim().toLowerCase());
  if (!match) return false;
  return OWN_NAMES.has(match[1]!) && Number(match[2]) === port;
}
