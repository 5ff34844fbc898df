import type { HttpOutcome } from '../net/httpClient';
import { classifyAnswer, type AnswerClass } from './classifyAnswer';
import type { EngineDeps } from './engineDeps';

/**
 * The service answered a send or a poll: whatever it said, its connection is online. The answer comes classed,
 * with `said` already redacted, since every step shows those words to the artist.
 */
export function heardAnswer(
  d: Pick<EngineDeps, 'connectivity' | 'redact'>,
  connectionId: string,
  out: Extract<HttpOutcome, { readonly kind: 'answer' }>,
  now: number,
): AnswerClass & { readonly said: string } {
  d.connectivity.markOnline(connectionId);
  const answer = classifyAnswer(out.status, out.text, out.headers, now);
  return { ...answer, said: d.redact(answer.said) };
}
