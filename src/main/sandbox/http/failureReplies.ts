import type { Reply } from './reply';
import { detail, text } from './reply';
import type { TransportFailure } from '../failures';

const BAD_GATEWAY_HTML =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>';

/** The answer an injected status plays; 502 comes from "the proxy", so it is HTML, as clients meet in the wild. */
function statusReply(status: 402 | 500 | 502 | 503): Reply {
  switch (status) {
    case 402:
      return detail(402, 'Insufficient credits (injected by the sandbox)');
    case 500:
      return detail(500, 'Internal Server Error');
    case 502:
      return text(502, BAD_GATEWAY_HTML, 'text/html');
    case 503:
      return detail(503, 'Service temporarily unavailable, please retry');
  }
}

/** An answer that never arrives whole: the first half of a JSON body, or of a file. */
export function garble(reply: Reply): Reply {
  switch (reply.kind) {
    case 'json': {
      const raw = JSON.stringify(reply.body);
      return text(reply.status, raw.slice(0, Math.max(1, Math.floor(raw.length / 2))), 'application/json', reply.headers ? { ...reply.headers } : undefined);
    }
    case 'text':
      return { ...reply, body: reply.body.slice(0, Math.floor(reply.body.length / 2)) };
    case 'bytes':
      return { ...reply, body: reply.body.subarray(0, Math.floor(reply.body.length / 2)) };
    case 'drop':
      return reply;
  }
}

/** Transport failures that answer instead of the handler; `slow` and `malformed-json` wrap it instead. */
export function shortCircuit(failure: TransportFailure): Reply | undefined {
  switch (failure.kind) {
    case 'rate-limit':
      return detail(429, 'Rate limit exceeded, retry later', { 'retry-after': String(failure.retryAfterSeconds) });
    case 'status':
      return statusReply(failure.status);
    case 'drop':
      return { kind: 'drop' };
    default:
      return undefined;
  }
}
