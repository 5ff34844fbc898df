import { ValidationErrorBodySchema } from '../../../shared/catalog/responses';
import { errorBodyMessage, parseJson, retryAfterMs } from '../net/httpClient';

/** One 422 item as the service words it, with `loc` pointing at the field. */
interface AnswerIssue {
  readonly loc: Array<string | number>;
  readonly msg: string;
  readonly type: string;
}

/**
 * What an HTTP answer from the service means, the same for sending and for polling. The steps decide what to do
 * with each class (a 404 ends a submit as a wrong address, but a poll as a task the service does not know), so
 * the table is one and the decisions sit with the step that knows the context.
 */
export type AnswerClass =
  | { readonly kind: 'ok' }
  | { readonly kind: 'validation'; readonly issues: readonly AnswerIssue[] | null }
  | { readonly kind: 'key-rejected' }
  | { readonly kind: 'no-credits' }
  | { readonly kind: 'too-large' }
  /** retryAfterMs: what the service asked for, when it said */
  | { readonly kind: 'rate-limited'; readonly retryAfterMs: number | null }
  /** 404: on a submit the address is wrong; on a poll the service does not know the task */
  | { readonly kind: 'not-found' }
  /** 405, and redirects (key-bearing requests never follow them): the address is wrong */
  | { readonly kind: 'wrong-address' }
  /** other 4xx: asking again cannot change the answer */
  | { readonly kind: 'bad-request' }
  /** 5xx and 408: the service had a problem and did not take the request; asking again may work */
  | { readonly kind: 'server-error' };

/**
 * The one table of answers. Pure: `now` only turns a `Retry-After` date into a wait. `said` is the service's
 * own readable words ('' when it said none), not yet redacted: callers redact before showing it. The HTTP status
 * is no part of them: an artist reads them, and the status goes to the log.
 */
export function classifyAnswer(status: number, body: string, headers: Headers, now = 0): AnswerClass & { readonly said: string } {
  const kind = classOf(status, body, headers, now);
  // Most answers are a 200 with nothing to say; reading an error message out of them would cost every poll.
  if (kind.kind === 'ok') return { ...kind, said: '' };
  return { ...kind, said: errorBodyMessage(body) };
}

const OK: AnswerClass = { kind: 'ok' };

/** The answers whose status alone says what they mean. */
const BY_STATUS: ReadonlyMap<number, AnswerClass> = new Map<number, AnswerClass>([
  [401, { kind: 'key-rejected' }],
  [403, { kind: 'key-rejected' }],
  [402, { kind: 'no-credits' }],
  [404, { kind: 'not-found' }],
  [405, { kind: 'wrong-address' }],
  [408, { kind: 'server-error' }],
  [413, { kind: 'too-large' }],
]);

function classOf(status: number, body: string, headers: Headers, now: number): AnswerClass {
  if (status >= 200 && status < 300) return OK;
  if (status >= 300 && status < 400) return { kind: 'wrong-address' };
  const known = BY_STATUS.get(status);
  if (known) return known;
  if (status === 422) {
    const parsed = ValidationErrorBodySchema.safeParse(parseJson(body));
    return { kind: 'validation', issues: parsed.success ? parsed.data.detail.map((i) => ({ loc: [...i.loc], msg: i.msg, type: i.type })) : null };
  }
  if (status === 429) return { kind: 'rate-limited', retryAfterMs: retryAfterMs(headers, now) ?? null };
  return status >= 500 || status < 200 ? { kind: 'server-error' } : { kind: 'bad-request' };
}
