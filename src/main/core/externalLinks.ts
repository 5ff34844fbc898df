import { parse } from 'tldts';

/**
 * Links leave the app only as plain https addresses to a public host: no other schemes (file:, javascript:,
 * custom protocols), no credentials in the address, no local or private hosts. A public host is a name under
 * a public suffix (tldts's copy of the Public Suffix List), so `printer.local`, `nas.internal` and bare names
 * are refused. A trailing dot (`localhost.`, `printer.local.`) is refused outright: it makes the name
 * absolute, which every check written for the usual spelling would miss, and no link needs it.
 */
export function isSafeExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (host.endsWith('.') || host.startsWith('[')) return false;
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp !== false || !parsed.domain) return false;
  if (host.endsWith('.local') || host.endsWith('.localhost')) return false;
  return parsed.isIcann === true || parsed.isPrivate === true;
}
