import type { IncomingMessage } from 'node:http';
import type { SandboxContext } from '../context';
import { text, type Reply } from '../http/reply';

/** What an expired signed storage address answers: 403 with an XML error, not JSON. */
const EXPIRED_XML =
  '<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code>' +
  '<Message>Signed expiry time has passed; the result address is no longer valid.</Message></Error>';
const NOT_FOUND_XML =
  '<?xml version="1.0" encoding="utf-8"?><Error><Code>BlobNotFound</Code><Message>The specified result does not exist.</Message></Error>';
const BAD_SIGNATURE_XML =
  '<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Signature did not match.</Message></Error>';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; undefined for anything else (the whole file is sent). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(size - 1, Number(m[2]));
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/** GET result.sample: no key needed (the address is signed), byte ranges honoured so a video can seek. */
export function download(ctx: SandboxContext, req: IncomingMessage, url: URL): Reply {
  const found = ctx.results.lookup(url);
  if (!found.found) {
    if (found.reason === 'expired') return text(403, EXPIRED_XML, 'application/xml');
    if (found.reason === 'bad-signature') return text(403, BAD_SIGNATURE_XML, 'application/xml');
    return text(404, NOT_FOUND_XML, 'application/xml');
  }
  const { bytes, mime } = found.output;
  const headers = { 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=600' };
  const range = parseRange(req.headers.range, bytes.length);
  if (range === 'unsatisfiable') return text(416, '', mime, { ...headers, 'content-range': `bytes */${bytes.length}` });
  if (range) {
    return {
      kind: 'bytes',
      status: 206,
      body: bytes.subarray(range.start, range.end + 1),
      contentType: mime,
      headers: { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${bytes.length}` },
    };
  }
  return { kind: 'bytes', status: 200, body: bytes, contentType: mime, headers };
}
