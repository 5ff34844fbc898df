/**
 * Whether a request's Content-Type makes its body JSON, as the service's framework decides: `application/json`
 * or any `application/*+json`, whatever the parameters. Anything else (`text/plain`, a form) and no Content-Type
 * at all (FastAPI's strict Content-Type check, on by default since 0.132) is kept as raw bytes, which then fail
 * validation as "not an object".
 */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '') return false;
  const [type = ''] = value.split(';');
  const [main = '', sub = ''] = type.trim().toLowerCase().split('/');
  return main === 'application' && (sub === 'json' || sub.endsWith('+json'));
}
