import { ACCOUNT_PATHS, endpointPath, taskEndpoints } from '../../../shared/catalog/catalog';
import { CreditsResponseSchema } from '../../../shared/catalog/responses';
import type { KeyTestResult } from '../../../shared/ipc/contract';
import { told } from '../../../shared/i18n/say';
import { words, type Words } from '../../../shared/i18n/words';
import type { ResolvedConnection } from '../connections/connectionService';
import type { Clock, Logger } from '../deps';
import { answerKind, answerSaid } from '../../../shared/catalog/answerKind';
import { errorBodyMessage, parseJson, send, type HttpOutcome } from '../net/httpClient';

const TIMEOUT_MS = 15_000;

/**
 * An endpoint that cannot create a task from an empty body: one whose document states a required field.
 * The service answers such a request with 422 after accepting the key, or 401/403 when it refuses the key.
 */
export const KEY_PROBE_ENDPOINT = taskEndpoints().find((e) => e.documentation === 'specified' && e.fields.some((f) => f.required))!;

export interface ProbeDeps {
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly redact: (text: string) => string;
  /** where an answer's HTTP status goes, since the artist's words say what it means instead */
  readonly log: Pick<Logger, 'info'>;
}

/** GET /v1/credits with the key; undefined when the connection does not answer it (it is not in the document). */
export async function fetchCredits(conn: ResolvedConnection, deps: ProbeDeps): Promise<{ credits: number } | HttpOutcome> {
  const out = await send(deps.fetch, deps.clock, {
    url: `${conn.baseUrl}${ACCOUNT_PATHS.credits}`,
    method: 'GET',
    key: { value: conn.secret, allowedOrigins: conn.origins },
    timeoutMs: TIMEOUT_MS,
  });
  if (out.kind === 'answer' && out.status === 200) {
    const parsed = CreditsResponseSchema.safeParse(parseJson(out.text));
    if (parsed.success) return { credits: parsed.data.credits };
  }
  return out;
}

/** A test's outcome with its words, and their English for the log and for readers that do not know message ids. */
const result = (outcome: KeyTestResult['outcome'], said: Words, credits: number | null = null): KeyTestResult => ({ outcome, ...told(said), credits });

/** A refused key in words, with what to do: the service's status and its words ("403: Invalid API key") say no more. */
const REJECTED = result('rejected', words('main.keyTest.rejected'));

const unreachable = (out: HttpOutcome): KeyTestResult =>
  result(
    'unreachable',
    out.kind === 'refused'
      ? words('main.keyTest.notToThatAddress')
      : out.kind === 'network'
        ? words('main.keyTest.noAnswer', { why: out.message })
        : words(out.kind === 'timeout' ? 'main.keyTest.timedOut' : 'main.keyTest.cancelled'),
  );

/** Tests a key against its connection without creating a task. */
export async function testKey(conn: ResolvedConnection, deps: ProbeDeps): Promise<KeyTestResult> {
  const credits = await fetchCredits(conn, deps);
  if ('credits' in credits) return result('accepted', words('main.keyTest.acceptedBalance', { credits: credits.credits }), credits.credits);
  if (credits.kind !== 'answer') return unreachable(credits);
  if (answerKind(credits.status) === 'key-rejected') return REJECTED;

  // No balance query here: ask for something the service must refuse for its content, not for the key.
  const out = await send(deps.fetch, deps.clock, {
    url: `${conn.baseUrl}${endpointPath(KEY_PROBE_ENDPOINT, conn.endpointWord)}`,
    method: 'POST',
    body: '{}',
    key: { value: conn.secret, allowedOrigins: conn.origins },
    timeoutMs: TIMEOUT_MS,
  });
  if (out.kind !== 'answer') return unreachable(out);
  if (out.status === 422) {
    return result('accepted', words('main.keyTest.accepted'));
  }
  if (answerKind(out.status) === 'key-rejected') return REJECTED;
  if (out.status === 404) {
    return result('inconclusive', words('main.keyTest.noEndpoint', { path: endpointPath(KEY_PROBE_ENDPOINT, conn.endpointWord) }));
  }
  if (out.status === 200) {
    return result('inconclusive', words('main.keyTest.emptyAccepted'));
  }
  const said = errorBodyMessage(out.text);
  const kind = answerSaid(out.status);
  deps.log.info('a key test was answered', { connection: conn.id, status: out.status, kind });
  // The service's own words stay as it sent them (redacted), inside ours.
  return result('inconclusive', said ? words('main.keyTest.answeredSaying', { kind, said: deps.redact(said) }) : words('main.keyTest.answered', { kind }));
}
