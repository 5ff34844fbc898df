import { answerKind, type AnswerKind } from '../../../shared/catalog/answerKind';
import { ValidationErrorBodySchema } from '../../../shared/catalog/responses';
import { errorBodyMessage, parseJson, retryAfterMs } from '../net/httpClient';

/** One 422 item as the service words it, with `loc` pointing at the field. */
interface AnswerIssue {
  readonly loc: Array<string | number>;
  readonly msg: string;
  readonly type: string;
}

/**
 * What an HTTP answer from the service means (its status read by `answerKind`, the one table of statuses), the
 * same for sending and for polling. The steps decide what to do with each class (a 404 ends a submit as a wrong
 * address, but a poll as a task the service does not know), so the table is one and the decisions sit with the
 * step that knows the context.
 */
export type AnswerClass =
  | { readonly kind: Exclude<AnswerKind, 'validation' | 'rate-limited'> }
  | { readonly kind: 'validation'; readonly issues: readonly AnswerIssue[] | null }
  /** retryAfterMs: what the service asked for, when it said */
  | { readonly kind: 'rate-limited'; readonly retryAfterMs: number | null };

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

function classOf(status: number, body: string, headers: Headers, now: number): AnswerClass {
  const kind = answerKind(status);
  if (kind === 'validation') {
    const parsed = ValidationErrorBodySchema.safeParse(parseJson(body));
    return { kind, issues: parsed.success ? parsed.data.detail.map((i) => ({ loc: [...i.loc], msg: i.msg, type: i.type })) : null };
  }
  if (kind === 'rate-limited') return { kind, retryAfterMs: retryAfterMs(headers, now) ?? null };
  return { kind };
}
