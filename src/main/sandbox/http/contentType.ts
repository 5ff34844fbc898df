/**
 * Whether a request's Content-Type makes its body JSON, as the service's framework decides: `application/json`
 * or any `application/*+json`, whatever the parameters; no Content-Type at all is read as JSON too. Anything
 * else (`text/plain`, a form) is kept as raw bytes, which then fail validation as "not an object".
 */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '') return true;
  const [type = ''] = value.split(';');
  const [main = '', sub = ''] = type.trim().toLowerCase().split('/');
  return main === 'application' && (sub === 'json' || sub.endsWith('+json'));
}
