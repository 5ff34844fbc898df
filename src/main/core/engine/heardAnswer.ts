import type { HttpOutcome } from '../net/httpClient';
import { classifyAnswer, type AnswerClass } from './classifyAnswer';
import type { EngineDeps } from './engineDeps';

/**
 * The service answered a send or a poll: whatever it said, its connection is online. The answer comes classed,
 * with `said` already redacted, since every step shows those words to the artist; an answer that is not a yes is
 * logged with its HTTP status, which the artist's words leave out.
 */
export function heardAnswer(
  d: Pick<EngineDeps, 'connectivity' | 'redact' | 'log'>,
  connectionId: string,
  out: Extract<HttpOutcome, { readonly kind: 'answer' }>,
  now: number,
): AnswerClass & { readonly said: string } {
  d.connectivity.markOnline(connectionId);
  const answer = classifyAnswer(out.status, out.text, out.headers, now);
  const said = d.redact(answer.said);
  if (answer.kind !== 'ok') d.log.info('the service answered', { connection: connectionId, status: out.status, kind: answer.kind, said });
  return { ...answer, said };
}
