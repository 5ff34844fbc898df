import { pricedUsage } from './pricedUsage';
import { saidOf } from '../i18n/refusal';
import { findEndpoint } from '../../../shared/catalog/catalog';
import { moderationReasons, PollingResultSchema, TASK_STATUS, type PollingResult } from '../../../shared/catalog/responses';
import { SANDBOX_CONNECTION_ID } from '../../../shared/connections/builtinIds';
import type { ResolvedConnection } from '../connections/connectionService';
import { originOf } from '../connections/urlPolicy';
import { errorBodyMessage, parseJson, send } from '../net/httpClient';
import { timed } from '../perf/phases';
import type { DownloadStep } from './downloadStep';
import type { EngineDeps } from './engineDeps';
import { heardAnswer } from './heardAnswer';
import { msg } from './messages';
import { cadenceFor, fullJitter, NOT_FOUND_GRACE, POLL_BACKOFF, POLL_TIMEOUT_MS } from './policy';
import type { PollPacer } from './pollPacer';
import type { Slots } from './slots';
import type { TaskBook } from './taskBook';
import type { TaskRecord } from './taskRecord';
import type { Transitions } from './transitions';

const minutes = (ms: number) => Math.round(ms / 60_000);
const percent = (progress: number | null) => (progress === null ? null : Math.round(progress * 100));

/** What a poll of one task needs that does not change between polls, worked out once per address and connection. */
interface PollTarget {
  readonly pollingUrl: string;
  readonly conn: ResolvedConnection;
  readonly url: string;
  readonly ownHost: boolean;
  /** Why the key may not go there (null: it may); undefined until judged. */
  refusal?: string | null;
  readonly origins: ReadonlySet<string>;
}

/** Polls `polling_url` exactly as given, adding `id` only when it is missing (as public clients do). */
function withId(pollingUrl: string, id: string): string {
  if (new URL(pollingUrl).searchParams.has('id')) return pollingUrl;
  const hash = pollingUrl.indexOf('#');
  const head = hash < 0 ? pollingUrl : pollingUrl.slice(0, hash);
  const tail = hash < 0 ? '' : pollingUrl.slice(hash);
  const joiner = head.includes('?') ? (head.endsWith('?') || head.endsWith('&') ? '' : '&') : '?';
  return `${head}${joiner}id=${encodeURIComponent(id)}${tail}`;
}

/** One poll of an accepted task, and what its answer means: wait, download, or end. */
export class PollStep {
  private readonly targets = new WeakMap<TaskRecord, PollTarget>();

  constructor(
    private readonly d: EngineDeps,
    private readonly book: TaskBook,
    private readonly slots: Slots,
    private readonly t: Transitions,
    private readonly download: DownloadStep,
    private readonly pacer: PollPacer,
  ) {}

  async run(r: TaskRecord, signal: AbortSignal): Promise<void> {
    const remote = r.remote;
    if (!remote?.pollingUrl) return this.t.fail(r, { code: 'internal', message: msg.noPollingAddress });
    let conn: ResolvedConnection;
    try {
      conn = await this.d.connections.resolve(r.connectionId, r.keyId);
    } catch (error) {
      return this.t.fail(r, { code: 'no-key', message: saidOf(error, msg.keyUnavailable) });
    }
    const { url, ownHost, origins } = this.target(r, remote.pollingUrl, remote.id, conn);
    if (conn.kind === 'sandbox' && !ownHost) return this.t.lostWithSandbox(r);
    // A record on disk is input too (edited, or from an earlier version): its address is checked again before
    // polling, the first poll at start-up included, and never put to the user. Judged once per task and connection.
    const target = this.target(r, remote.pollingUrl, remote.id, conn);
    if (target.refusal === undefined) target.refusal = await this.d.connections.pollingRefusal(conn, remote.pollingUrl, 'check');
    if (target.refusal) return this.t.fail(r, { code: 'insecure', message: target.refusal });
    const out = await timed('http', () => send(this.d.fetch, this.d.clock, { url, method: 'GET', key: { value: conn.secret, allowedOrigins: origins }, timeoutMs: POLL_TIMEOUT_MS, signal }));
    if (this.book.stopped || r.state !== 'running') return;
    const redact = this.d.redact;
    switch (out.kind) {
      case 'aborted':
        return;
      case 'refused':
        return this.t.fail(r, { code: 'insecure', message: out.message });
      case 'timeout':
      case 'network':
        if (out.kind === 'network' && !out.reached) {
          // Only the connection's own hosts speak for the connection. A polling host of one task that does not
          // answer is that task's problem: marking the whole connection offline for it would hold back every
          // other task, and a probe of the (answering) base would mark it online again, round and round.
          if (ownHost) this.d.connectivity.markOffline(conn.id, redact(out.message));
          else if (!this.d.connectivity.isOffline(conn.id)) this.d.connectivity.probeNow(conn.id);
          if (ownHost || this.d.connectivity.isOffline(conn.id)) return this.waitForConnection(r);
        }
        return this.t.backoff(r, POLL_BACKOFF, 'running', out.kind === 'timeout' ? msg.pollNoAnswerInTime : msg.pollConnectionLost, { code: 'network', message: msg.pollLost });
      case 'answer':
        break;
    }
    const answer = heardAnswer(this.d, conn.id, out, this.book.now());
    switch (answer.kind) {
      case 'ok': {
        const parsed = PollingResultSchema.safeParse(parseJson(out.text));
        if (!parsed.success) return this.t.backoff(r, POLL_BACKOFF, 'running', msg.pollUnreadable, { code: 'server-error', message: msg.pollUnreadableError });
        return this.answered(r, parsed.data, signal);
      }
      case 'key-rejected':
        return this.t.fail(r, { code: 'key-rejected', message: msg.pollKeyRefused() });
      case 'not-found':
        return this.notFound(r);
      case 'rate-limited':
        return this.t.rateLimited(r, answer.retryAfterMs, 'running');
      // Answers that asking again cannot change end the task at once.
      case 'no-credits':
        return this.t.fail(r, { code: 'no-credits', message: msg.pollNoCredits(answer.said) });
      case 'validation':
        return this.t.fail(r, { code: 'validation', message: msg.pollRefused(answer.said) });
      case 'too-large':
      case 'wrong-address':
      case 'bad-request':
        return this.t.fail(r, { code: 'bad-request', message: msg.pollRefused(answer.said) });
      case 'server-error':
        return this.t.backoff(r, POLL_BACKOFF, 'running', msg.serviceProblem(answer.said), { code: 'server-error', message: msg.pollServerError(answer.said) });
    }
  }

  private target(r: TaskRecord, pollingUrl: string, id: string, conn: ResolvedConnection): PollTarget {
    const cached = this.targets.get(r);
    if (cached && cached.pollingUrl === pollingUrl && cached.conn === conn) return cached;
    const pollingOrigin = originOf(pollingUrl);
    const ownHost = pollingOrigin !== undefined && conn.origins.has(pollingOrigin);
    const target: PollTarget = {
      pollingUrl,
      conn,
      url: withId(pollingUrl, id),
      ownHost,
      // The polling host is the one the service returned for this task; the key may go there too.
      origins: pollingOrigin && !ownHost ? new Set([...conn.origins, pollingOrigin]) : conn.origins,
    };
    this.targets.set(r, target);
    return target;
  }

  /**
   * The connection does not answer: wait without spending tries, the connection coming back wakes the task;
   * but not for ever. The time limit of its kind holds here as it does while the service says Pending.
   */
  private async waitForConnection(r: TaskRecord): Promise<void> {
    const now = this.book.now();
    const cadence = cadenceFor(findEndpoint(r.request.endpointId));
    const since = r.pollingSince ?? r.remote?.acceptedAt ?? now;
    if (now - since > cadence.limitMs) return this.t.fail(r, { code: 'timed-out', message: msg.unreachableTimedOut(minutes(cadence.limitMs)) });
    await this.book.update(r, { detail: msg.waitingForConnection }, false);
    this.slots.wake(r, now + POLL_BACKOFF.capMs);
  }

  private async answered(r: TaskRecord, body: PollingResult, signal: AbortSignal): Promise<void> {
    const now = this.book.now();
    const status = body.status;
    if (status === TASK_STATUS.ready) return this.ready(r, body, signal);
    if (status === TASK_STATUS.requestModerated || status === TASK_STATUS.contentModerated) {
      const reasons = moderationReasons(body.details);
      await this.d.ledger.uncharge(r.id);
      this.d.onSpending(r.keyId);
      await this.book.update(r, {
        state: 'moderated',
        serviceStatus: status,
        moderationReasons: reasons,
        finishedAt: now,
        detail: msg.moderated(status === TASK_STATUS.requestModerated, reasons),
      });
      this.slots.slotFreed(r.keyId);
      return;
    }
    if (status === TASK_STATUS.error || status === TASK_STATUS.failed) {
      const details = body.details ? this.d.redact(errorBodyMessage(JSON.stringify(body.details))) : '';
      await this.book.update(r, { serviceStatus: status }, false);
      return this.t.fail(r, { code: 'service-error', message: msg.serviceCouldNotMake(status, details) });
    }
    if (status === TASK_STATUS.notFound) return this.notFound(r);
    await this.t.knownToService(r, null);

    // Pending, or a status the app does not know: shown as it is while polling goes on, within a time limit.
    const cadence = cadenceFor(findEndpoint(r.request.endpointId));
    const since = r.pollingSince ?? r.remote?.acceptedAt ?? now;
    const progress = typeof body.progress === 'number' ? (body.progress > 1 ? body.progress / 100 : body.progress) : null;
    if (now - since > cadence.limitMs) {
      await this.book.update(r, { serviceStatus: status, progress }, false);
      return this.t.fail(r, { code: 'timed-out', message: msg.stillStatus(status, minutes(cadence.limitMs)) });
    }
    const detail = status === TASK_STATUS.pending ? null : msg.unknownStatus(status);
    const visible = r.serviceStatus !== status || percent(r.progress) !== percent(progress) || r.detail !== detail;
    r.attempts = 0;
    r.rateLimited = 0;
    r.polls += 1;
    // Most polls change nothing the user sees (progress is shown in whole percents): only those that do are
    // sent to the renderer.
    if (visible) await this.book.update(r, { serviceStatus: status, progress, detail }, false);
    else r.progress = progress;
    // Sparse while the task is far from its expected finish, at the public clients' pace around it, slower only
    // once it runs well past it (pollSchedule.ts).
    this.slots.wake(r, this.pacer.nextPollAt(r, now, progress));
  }

  private async notFound(r: TaskRecord): Promise<void> {
    const count = r.notFound + 1;
    const since = r.remote?.acceptedAt ?? this.book.now();
    if (count < NOT_FOUND_GRACE.answers && this.book.now() - since < NOT_FOUND_GRACE.withinMs) {
      const at = this.book.now() + fullJitter(POLL_BACKOFF, count, this.d.random) + 500;
      await this.book.update(r, { notFound: count, serviceStatus: TASK_STATUS.notFound, detail: msg.notKnownYet }, false);
      this.slots.wake(r, at);
      return;
    }
    await this.book.update(r, { serviceStatus: TASK_STATUS.notFound }, false);
    if (r.connectionId === SANDBOX_CONNECTION_ID) return this.t.lostWithSandbox(r);
    return this.t.fail(r, { code: 'not-found', message: msg.notKnown });
  }

  private async ready(r: TaskRecord, body: PollingResult, signal: AbortSignal): Promise<void> {
    const sample = body.result?.sample;
    if (!sample) return this.t.fail(r, { code: 'bad-result', message: msg.readyWithoutAddress });
    let sampleUrl: string;
    try {
      sampleUrl = new URL(sample, r.remote?.pollingUrl ?? undefined).toString();
    } catch {
      return this.t.fail(r, { code: 'bad-result', message: msg.unreadableAddress });
    }
    const settled = typeof body.cost === 'number' ? body.cost : null;
    if (r.readyAt === null) this.pacer.ready(r, this.book.now());
    await this.book.update(r, {
      state: 'downloading',
      serviceStatus: TASK_STATUS.ready,
      sampleUrl,
      readyAt: r.readyAt ?? this.book.now(),
      resultSeed: typeof body.result?.seed === 'number' ? body.result.seed : r.resultSeed,
      settledCost: settled ?? r.settledCost,
      attempts: 0,
      progress: 1,
      detail: msg.saving,
    });
    if (settled !== null) {
      if (this.d.ledger.has(r.id)) await this.d.ledger.settle(r.id, settled);
      else await this.d.ledger.record({ taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at: r.remote?.acceptedAt ?? this.book.now(), cost: settled, charged: true, usage: pricedUsage(r) });
      this.d.onSpending(r.keyId);
    } else await this.t.knownToService(r, null);
    // The address expires within minutes: fetch it now, on this same step.
    await timed('download', () => this.download.run(r, signal));
  }
}
