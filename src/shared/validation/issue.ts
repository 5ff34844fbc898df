import type { JsonValue } from '../catalog/field';
import { english } from '../i18n/say';
import type { Words } from '../i18n/words';

/** One entry of the service's 422 body: `{detail: [{loc, msg, type}]}`. */
export interface ValidationIssue {
  readonly loc: readonly (string | number)[];
  readonly msg: string;
  readonly type: string;
  readonly ctx?: Readonly<Record<string, JsonValue>>;
  /** The value the issue is about, as the service's items carry it (field notes). */
  readonly input?: unknown;
  /** `msg` as words, for the window to say in the artist's language; only the app's own checks have them */
  readonly words?: Words;
}

export const issue = (
  loc: readonly (string | number)[],
  type: string,
  msg: string,
  ctx?: Record<string, JsonValue>,
): ValidationIssue => (ctx ? { loc, msg, type, ctx } : { loc, msg, type });

/**
 * An issue of the app's own checks, made from its words: `msg` is their English, word for word the text the check
 * wrote before it had words (the log and the tests read it), and the window says the words in its language.
 */
export const issueSaid = (loc: readonly (string | number)[], type: string, said: Words, ctx?: Record<string, JsonValue>): ValidationIssue => ({
  ...issue(loc, type, english(said), ctx),
  words: said,
});

/**
 * An issue whose `msg` is the service's own text, word for word as its 422 would say it (the Sandbox's agreement
 * test reads it), with the words the window says instead: where the service's English names things an artist's
 * language says otherwise (a list joined with "or", a parser's reason).
 */
export const issueWith = (loc: readonly (string | number)[], type: string, msg: string, said: Words, ctx?: Record<string, JsonValue>): ValidationIssue => ({
  ...issue(loc, type, msg, ctx),
  words: said,
});

/** Joins values the way the service's messages do: 'a', 'b' or 'c'. */
export function quoteList(values: readonly string[]): string {
  const q = values.map((v) => `'${v}'`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

/** The form field an issue belongs to: `['body', 'width']` is `width`; `['body']` is the whole request. */
export function fieldOfIssue(i: ValidationIssue): string | undefined {
  const [where, field] = i.loc;
  return where === 'body' && typeof field === 'string' ? field : undefined;
}
