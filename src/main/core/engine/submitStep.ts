import { pricedUsage } from './pricedUsage';
import { saidOf } from '../i18n/refusal';
import { endpointPath, findEndpoint } from '../../../shared/catalog/catalog';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import { AsyncResponseSchema, AsyncWebhookResponseSchema } from '../../../shared/catalog/responses';
import type { ResolvedConnection } from '../connections/connectionService';
import { parseJson, send, type HttpOutcome } from '../net/httpClient';
import { timed } from '../perf/phases';
import { wholeFieldsOfCutAnswer } from './cutAnswer';
import type { EngineDeps } from './engineDeps';
import { heardAnswer } from './heardAnswer';
import { msg } from './messages';
import { CONNECT_BACKOFF, SUBMIT_BACKOFF, SUBMIT_TIMEOUT_MS } from './policy';
import type { PollPacer } from './pollPacer';
import { buildBody, MissingInput } from './requestBody';
import { reserved } from './reservation';
import type { Slots } from './slots';
import type { TaskBook } from './taskBook';
import type { TaskRecord } from './taskRecord';
import type { Transitions } from './transitions';

/** Where a request to `endpoint` goes on this connection. */
export function requestUrl(endpoint: EndpointSpec, conn: Pick<ResolvedConnection, 'baseUrl' | 'regionalBaseUrl' | 'endpointWord'>): string {
  const base = endpoint.base === 'base_url_us' ? conn.regionalBaseUrl : conn.baseUrl;
  return `${base}${endpointPath(endpoint, conn.endpointWord)}`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sending a task that took a slot: the caps checked again, the body built, the record written as `submitting`
 * before a byte goes out, then the answer read. Once the POST may have gone out, no failure is a plain one.
 */
export class SubmitStep {
  constructor(
    private readonly d: EngineDeps,
    private readonly book: TaskBook,
    private readonly slots: Slots,
    private readonly t: Transitions,
    private readonly pacer: PollPacer,
  ) {}

  async run(r: TaskRecord, signal: AbortSignal): Promise<void> {
    try {
      await this.submit(r, signal);
    } catch (error) {
      this.d.log.error('sending a task failed', { task: r.id, error: errorText(error) });
      try {
        await this.failedInside(r);
      } catch (again) {
        this.d.log.error('recording a failed send failed', { task: r.id, error: errorText(again) });
      }
    }
  }

  /** Something in Gen Studio failed while sending: say whether anything can have gone out. */
  private async failedInside(r: TaskRecord): Promise<void> {
    if (r.state !== 'submitting') return;
    if (r.submittedAt === null) return this.t.fail(r, { code: 'internal', message: msg.nothingSentInternal });
    // The POST may have gone out, and the service may have taken (and charged) it: never a plain failure,
    // whose Retry would resend without a word about paying twice.
    return this.t.unknown(r, { code: 'internal', message: msg.recordingFailed }, r.remote ? msg.acceptedButUnrecorded(r.remote.id) : msg.mayHaveReached);
  }

  private async submit(r: TaskRecord, signal: AbortSignal): Promise<void> {
    const endpoint = findEndpoint(r.request.endpointId)!;
    let conn: ResolvedConnection;
    try {
      conn = await this.d.connections.resolve(r.connectionId, r.keyId);
    } catch (error) {
      return this.t.fail(r, { code: 'no-key', message: saidOf(error, msg.keyUnavailable) });
    }
    try {
      this.d.spending.check(r.keyId, { what: 'request', requests: [{ endpointId: endpoint.id, usage: r.usage }] }, reserved(this.book.records.values(), this.d.spending, (id) => this.d.ledger.has(id), r.keyId, r.id));
    } catch (error) {
      return this.t.fail(r, { code: 'spending-cap', message: saidOf(error, msg.capCrossed) });
    }
    let body: string;
    try {
      body = await buildBody(endpoint, r.request, this.d.assets);
    } catch (error) {
      if (error instanceof MissingInput) return this.t.fail(r, { code: 'missing-input', message: error.said });
      throw error;
    }
    const url = requestUrl(endpoint, conn);

    if (r.cancelRequested) return this.cancelledBeforeSending(r);
    // A record from disk (or from before the rule) is held to it too: nothing asks here, the form did.
    const webhookRefusal = await this.d.sandboxWebhooks.refusal(r.request.params['webhook_url'], 'check', url);
    if (webhookRefusal) return this.t.fail(r, { code: 'insecure', message: webhookRefusal });
    // Its run was paused while it was being prepared: it goes back in line, held, and nothing went. No await lies
    // between this look and `submittedAt` below, so a pause either holds it here or finds it sent.
    if (r.held) return this.heldBeforeSending(r);
    // The record says "submitting" on disk before a byte goes out: a crash from here on is an unknown outcome.
    await this.book.update(r, { state: 'submitting', submittedAt: this.book.now(), detail: msg.sending, nextAttemptAt: null });
    if (this.book.stopped) return;
    // The last moment a cancel can still keep the request from going out.
    if (r.cancelRequested) return this.cancelledBeforeSending(r);
    const out = await timed('http', () =>
      send(this.d.fetch, this.d.clock, { url, method: 'POST', body, key: { value: conn.secret, allowedOrigins: conn.origins }, timeoutMs: SUBMIT_TIMEOUT_MS, signal, keepCutAnswer: true }),
    );
    if (this.book.stopped) return;
    await this.answered(r, conn, out);
  }

  private async heldBeforeSending(r: TaskRecord): Promise<void> {
    await this.book.update(r, { state: 'queued', submittedAt: null });
    this.slots.slotFreed(r.keyId);
  }

  private async cancelledBeforeSending(r: TaskRecord): Promise<void> {
    await this.book.update(r, { state: 'cancelled', submittedAt: null, finishedAt: this.book.now(), detail: msg.cancelledBeforeSending });
    this.slots.slotFreed(r.keyId);
  }

  private async answered(r: TaskRecord, conn: ResolvedConnection, out: HttpOutcome): Promise<void> {
    const redact = this.d.redact;
    if (out.kind === 'aborted') return;
    if (r.cancelRequested && !(out.kind === 'answer' && out.status === 200)) {
      // Cancelled while on its way, and the service did not accept it: it ends here, whatever the reason.
      const mayHaveArrived = out.kind === 'timeout' || (out.kind === 'network' && out.reached);
      await this.book.update(r, { state: 'cancelled', finishedAt: this.book.now(), detail: mayHaveArrived ? msg.cancelledMayHaveArrived : msg.cancelledNotTaken });
      this.slots.slotFreed(r.keyId);
      return;
    }
    switch (out.kind) {
      case 'refused':
        return this.t.fail(r, { code: 'insecure', message: out.message });
      case 'timeout':
      case 'network': {
        if (out.kind === 'network' && !out.reached) {
          // It never reached the service (the connection was refused, the name did not resolve): nothing can
          // have been made or charged. A busy service refuses some connections and takes the next one, so it is
          // sent again by itself, a few times, without the artist; then the connection counts as away, and the
          // task waits to be sent when it answers.
          if (r.attempts + 1 < CONNECT_BACKOFF.attempts) {
            await this.book.update(r, { submittedAt: null }, false);
            const why = msg.notTaken(redact(out.message));
            return this.t.backoff(r, CONNECT_BACKOFF, 'waiting', why, { code: 'network', message: why });
          }
          this.d.connectivity.markOffline(conn.id, redact(out.message));
          await this.book.update(r, { state: 'ready-to-send', submittedAt: null, attempts: 0, detail: msg.readyToSend(this.d.preferences().sendWhenOnline === 'automatically') });
          this.slots.slotFreed(r.keyId);
          return;
        }
        // Reset while the service's answer was arriving: if it named the task whole, the service is asked.
        if (out.kind === 'network' && out.cut && wholeFieldsOfCutAnswer(out.cut.text)) return this.accepted(r, conn, out.cut.text);
        const lost = out.kind === 'timeout' ? msg.sentNoAnswer : msg.sentConnectionLost(redact(out.message));
        return this.t.unknown(r, { code: 'network', message: lost }, msg.mayHaveReached);
      }
      case 'answer':
        break;
    }
    const answer = heardAnswer(this.d, conn.id, out, this.book.now());
    switch (answer.kind) {
      case 'ok':
        return this.accepted(r, conn, out.text);
      case 'validation': {
        const issues = answer.issues?.map((i) => ({ ...i, msg: redact(i.msg) }));
        return this.t.fail(r, { code: 'validation', message: issues?.length ? msg.refusedFields(issues) : msg.refused(answer.said, false), ...(issues ? { issues } : {}) });
      }
      case 'key-rejected':
        return this.t.fail(r, { code: 'key-rejected', message: msg.keyRefused(r.keyLabel ?? conn.label) });
      case 'no-credits':
        return this.t.fail(r, { code: 'no-credits', message: msg.noCredits(answer.said) });
      case 'too-large':
        return this.t.fail(r, { code: 'too-large', message: msg.tooLarge });
      case 'rate-limited':
        return this.t.rateLimited(r, answer.retryAfterMs, 'waiting');
      case 'server-error':
        // The service answered with an error: it did not take the task, so trying again is safe.
        return this.t.backoff(r, SUBMIT_BACKOFF, 'waiting', msg.serviceProblem(answer.said), { code: 'server-error', message: msg.serviceProblem(answer.said) });
      case 'not-found':
      case 'wrong-address':
        return this.t.fail(r, { code: 'bad-request', message: msg.refused(answer.said, true) });
      case 'bad-request':
        return this.t.fail(r, { code: 'bad-request', message: msg.refused(answer.said, false) });
    }
  }

  private async accepted(r: TaskRecord, conn: ResolvedConnection, text: string): Promise<void> {
    const json = parseJson(text);
    let polling = AsyncResponseSchema.safeParse(json);
    const webhook = polling.success ? undefined : AsyncWebhookResponseSchema.safeParse(json);
    if (!polling.success && !webhook?.success) {
      // Cut short after the task was made: when its id and polling address came whole, the service is asked.
      const cut = json === undefined ? wholeFieldsOfCutAnswer(text) : null;
      if (!cut) return this.t.unknown(r, { code: 'bad-result', message: msg.unknownShape }, msg.unknownShapeDetail);
      this.d.log.warn('a submit answer was cut short; following the task it names', { task: r.id, remoteId: cut.id });
      polling = AsyncResponseSchema.safeParse({ id: cut.id, polling_url: cut.pollingUrl });
    }
    const data = polling.success ? polling.data : webhook!.data!;
    const now = this.book.now();
    let pollingUrl: string | null = null;
    if (polling.success) {
      try {
        pollingUrl = new URL(polling.data.polling_url, conn.baseUrl + '/').toString();
      } catch {
        pollingUrl = null;
      }
    }
    const remote = { id: data.id, pollingUrl, cost: data.cost ?? null, inputMp: data.input_mp ?? null, outputMp: data.output_mp ?? null, acceptedAt: now };
    // The service has the task: its id goes to disk before anything else can fail, so whatever happens next,
    // the record says it exists (and may be charged).
    await this.book.update(r, { remote });
    if (typeof remote.cost === 'number') {
      await this.d.ledger.record({ taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at: now, cost: remote.cost, charged: true, usage: pricedUsage({ ...r, remote }) });
      this.d.spending.invalidateCredits(r.keyId);
      this.d.onSpending(r.keyId);
    }
    if (!polling.success) {
      await this.book.update(r, { state: 'webhook', remote, finishedAt: now, serviceStatus: webhook!.data!.status, detail: msg.webhookAccepted });
      this.slots.slotFreed(r.keyId);
      return;
    }
    const refusal = await this.d.connections.pollingRefusal(conn, pollingUrl, 'ask');
    if (refusal) return this.t.fail(r, { code: 'insecure', message: refusal });
    if (r.cancelRequested) {
      await this.book.update(r, { state: 'cancelled', remote, finishedAt: now, detail: msg.cancelledAfterAccepted });
      this.slots.slotFreed(r.keyId);
      return;
    }
    await this.book.update(r, { state: 'running', remote, attempts: 0, rateLimited: 0, polls: 0, pollingSince: now, serviceStatus: null, detail: null });
    this.slots.wake(r, this.pacer.nextPollAt(r, this.book.now(), null));
  }
}
