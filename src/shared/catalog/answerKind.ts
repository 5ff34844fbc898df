/**
 * What an HTTP status from the service (or the storage that holds a result) means: the one table of statuses.
 * The engine's `classifyAnswer` fills in what a 422's body and a 429's headers add; the key test, the finetunes
 * and the download choose their words by it. Pure, so main's folders all read it from here.
 */
export type AnswerKind =
  | 'ok'
  /** 422: the service's own words about each field */
  | 'validation'
  /** 401, 403 */
  | 'key-rejected'
  /** 402 */
  | 'no-credits'
  /** 413 */
  | 'too-large'
  /** 429: wait as the service asks */
  | 'rate-limited'
  /** 404: on a submit the address is wrong; on a poll the service does not know the task */
  | 'not-found'
  /** 405, and redirects (key-bearing requests never follow them): the address is wrong */
  | 'wrong-address'
  /** other 4xx: asking again cannot change the answer */
  | 'bad-request'
  /** 5xx and 408: the service had a problem and did not take the request; asking again may work */
  | 'server-error';

/** The statuses that say what they mean alone. */
const BY_STATUS: ReadonlyMap<number, AnswerKind> = new Map<number, AnswerKind>([
  [401, 'key-rejected'],
  [403, 'key-rejected'],
  [402, 'no-credits'],
  [404, 'not-found'],
  [405, 'wrong-address'],
  [408, 'server-error'],
  [413, 'too-large'],
  [422, 'validation'],
  [429, 'rate-limited'],
]);

export function answerKind(status: number): AnswerKind {
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 300 && status < 400) return 'wrong-address';
  return BY_STATUS.get(status) ?? (status >= 500 || status < 200 ? 'server-error' : 'bad-request');
}

/**
 * What a status means in the artist's words, as a message that relays an answer chooses between them (an ICU
 * `select` on `{kind}`): the key, the credits, a busy or broken service, an address, or a plain refusal. The
 * status itself goes to main's log, never into the words.
 */
export type AnswerSaid = 'key' | 'credits' | 'busy' | 'down' | 'missing' | 'address' | 'refused';

const SAID: Readonly<Record<AnswerKind, AnswerSaid>> = {
  ok: 'refused',
  validation: 'refused',
  'bad-request': 'refused',
  'too-large': 'refused',
  'key-rejected': 'key',
  'no-credits': 'credits',
  'rate-limited': 'busy',
  'server-error': 'down',
  'not-found': 'missing',
  'wrong-address': 'address',
};

export const answerSaid = (status: number): AnswerSaid => SAID[answerKind(status)];
