import { ACCOUNT_PATHS, endpointPath, taskEndpoints } from '../../../shared/catalog/catalog';
import { CreditsResponseSchema } from '../../../shared/catalog/responses';
import type { KeyTestResult } from '../../../shared/ipc/contract';
import type { ResolvedConnection } from '../connections/connectionService';
import type { Clock } from '../deps';
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

/** A refused key in words, with what to do: the service's status and its words ("403: Invalid API key") say no more. */
const REJECTED: KeyTestResult = {
  outcome: 'rejected',
  message: 'The service did not accept this key: it may be mistyped, revoked or for another account. Copy it again from your account on the service and paste it here, or add another key.',
  credits: null,
};

const unreachable = (out: HttpOutcome): KeyTestResult => ({
  outcome: 'unreachable',
  message:
    out.kind === 'refused'
      ? out.message
      : `The service did not answer (${out.kind === 'network' ? out.message : out.kind === 'timeout' ? 'timed out' : 'cancelled'}). Check the address and your connection.`,
  credits: null,
});

/** Tests a key against its connection without creating a task. */
export async function testKey(conn: ResolvedConnection, deps: ProbeDeps): Promise<KeyTestResult> {
  const credits = await fetchCredits(conn, deps);
  if ('credits' in credits) return { outcome: 'accepted', message: `The service accepted the key. Balance: ${credits.credits} credits.`, credits: credits.credits };
  if (credits.kind !== 'answer') return unreachable(credits);
  if (credits.status === 401 || credits.status === 403) return REJECTED;

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
    return { outcome: 'accepted', message: 'The service accepted the key (it checked a deliberately empty request, so nothing was made).', credits: null };
  }
  if (out.status === 401 || out.status === 403) return REJECTED;
  if (out.status === 404) {
    return { outcome: 'inconclusive', message: `The service has no ${endpointPath(KEY_PROBE_ENDPOINT, conn.endpointWord)}: check the base URL and the endpoint word.`, credits: null };
  }
  if (out.status === 200) {
    return { outcome: 'inconclusive', message: 'The service accepted an empty request, which it should refuse; a task may have been created.', credits: null };
  }
  return { outcome: 'inconclusive', message: `The service answered ${out.status}${errorBodyMessage(out.text) ? `: ${deps.redact(errorBodyMessage(out.text))}` : ''}.`, credits: null };
}
