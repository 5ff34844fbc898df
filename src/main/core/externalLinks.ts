/**
 * Links leave the app only as plain https addresses to a public host: no other schemes (file:, javascript:,
 * custom protocols), no credentials in the address, no local or private hosts.
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
  if (!host.includes('.') || host.endsWith('.local') || host.endsWith('.localhost')) return false;
  if (/^\[/.test(host) || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return false;
  return true;
}
