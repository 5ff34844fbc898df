import { randomUUID } from 'node:crypto';
import { endpointPath, findEndpoint, taskEndpoints } from '../../../shared/catalog/catalog';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import {
  AsyncResponseSchema,
  AsyncWebhookResponseSchema,
  moderationReasons,
  PollingResultSchema,
  TASK_STATUS,
  ValidationErrorBodySchema,
  type PollingResult,
} from '../../../shared/catalog/responses';
import type { Preferences, TaskError, TaskInfo, TaskState } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { validateTaskRequest, type TaskRequest } from '../../../shared/tasks/taskRequest';
import { issue, type ValidationIssue } from '../../../shared/validation/issue';
import type { AssetStore } from '../assets/assetStore';
import type { ResolvedConnection } from '../connections/connectionService';
import { SANDBOX_CONNECTION_ID } from '../connections/builtinSandbox';
import { isSecurePollingAddress, isSecureTransport, originOf } from '../connections/urlPolicy';
import type { Clock, Logger } from '../deps';
import { BadResult } from '../library/inspect';
import type { Library, ResultMeta } from '../library/library';
import { errorBodyMessage, parseJson, retryAfterMs, send, type HttpOutcome } from '../net/httpClient';
import type { LedgerEntry, SpendingLedger } from '../spending/ledger';
import type { Reservation, SpendingService } from '../spending/spendingService';
import type { Connectivity } from './connectivity';
import {
  cadenceFor,
  DOWNLOAD_BACKOFF,
  DOWNLOAD_TIMEOUT_MS,
  fullJitter,
  jitteredPoll,
  MAX_RESULT_BYTES,
  NOT_FOUND_GRACE,
  POLL_BACKOFF,
  POLL_TIMEOUT_MS,
  pollInterval,
  RATE_LIMIT_ATTEMPTS,
  RATE_LIMIT_DEFAULT_MS,
  RATE_LIMIT_MAX_MS,
  SUBMIT_BACKOFF,
  SUBMIT_TIMEOUT_MS,
  type Backoff,
} from './policy';
import { assetFacts, buildBody, inputList, MissingInput } from './requestBody';
import type { Scheduler } from './scheduler';
import { newTaskRecord, type TaskRecord } from './taskRecord';
import type { TaskRepository } from './taskRepository';
import { ACTIVE_STATES, DOUBLE_CHARGE_WARNING, CHARGED_AGAIN_WARNING, FINAL_STATES, retryModeOf, retryWarningOf, toTaskInfo } from './taskView';

/** The part of the connection service the engine uses. */
export interface EngineConnections {
  activeId(): string;
  keyIdOf(connectionId: string): string | null;
  resolve(connectionId: string, keyId?: string): Promise<ResolvedConnection>;
}

export interface EngineDeps {
  readonly clock: Clock;
  readonly fetch: typeof fetch;
  readonly log: Logger;
  readonly random: () => number;
  readonly repo: TaskRepository;
  readonly library: Library;
  readonly assets: AssetStore;
  readonly connections: EngineConnections;
  readonly spending: SpendingService;
  readonly ledger: SpendingLedger;
  readonly preferences: () => Preferences;
  readonly scheduler: Scheduler;
  readonly connectivity: Connectivity;
  /** Takes every known key out of text that came from elsewhere (a service may echo the key). */
  readonly redact: (text: string) => string;
  readonly onUpdate: (info: TaskInfo) => void;
  readonly onRemoved: (id: string) => void;
  readonly onSpending: (keyId: string) => void;
}

/** How long `stop` lets requests on their way finish, so fewer tasks are left with an unknown outcome. */
const STOP_GRACE_MS = 2000;

const TASK_ENDPOINT_IDS = new Set(taskEndpoints().map((e) => e.id));

export const SANDBOX_LOST_MESSAGE =
  'The built-in Sandbox no longer has this task: it keeps tasks and results in memory only, so they are gone once Gen Studio (and with it the Sandbox) has stopped. Retry sends it again.';

const statusText = (status: number, text: string, redact: (t: string) => string) => {
  const message = errorBodyMessage(text);
  return message ? `${status}: ${redact(message)}` : String(status);
};

/**
 * The durable task engine. Every task is a record on disk, written before each step that talks to the
 * service; one scheduler wakes every task; the service's answers move each record through its states. A
 * request that may have reached the service is never sent again without the user saying so.
 */
export class TaskEngine {
  private readonly records = new Map<string, TaskRecord>();
  private readonly inflight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private stopping = false;
  private stopped = false;

  constructor(private readonly d: EngineDeps) {
    d.connectivity.subscribe((status) => {
      if (status.state === 'online') this.connectionBack(status.id);
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Start, stop, and the renderer's calls

  /** Loads every record and picks up each unfinished task where it stood. */
  async start(): Promise<void> {
    for (const record of await this.d.repo.loadAll()) this.records.set(record.id, record);
    const keys = new Set<string>();
    for (const r of this.records.values()) {
      keys.add(r.keyId);
      switch (r.state) {
        case 'submitting':
          if (r.remote?.pollingUrl) {
            // It stopped after the service's answer was stored, before the task moved on: the service has it,
            // so it is followed like any running task (and charged in the ledger if that write was lost).
            const cost = r.remote.cost;
            if (cost !== null && !this.d.ledger.has(r.id)) {
              await this.d.ledger.record({ taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at: r.remote.acceptedAt, cost, charged: true });
            }
            if (r.cancelRequested) {
              await this.update(r, { state: 'cancelled', finishedAt: this.now(), detail: 'Cancelled after the service had accepted it: the service may still finish it and charge for it.' });
              break;
            }
            await this.update(r, { state: 'running', pollingSince: this.now(), polls: 0, attempts: 0, detail: null });
            this.wake(r, this.now());
            break;
          }
          // Gen Studio stopped between writing this record and hearing the service's answer.
          await this.update(r, {
            state: 'outcome-unknown',
            detail: 'Gen Studio stopped while this task was being sent. It may or may not have reached the service (and been charged); it is not sent again unless you choose Retry.',
            error: { code: 'network', message: 'No answer was recorded for this request.' },
            finishedAt: this.now(),
          });
          break;
        case 'running':
          this.wake(r, this.now());
          break;
        case 'downloading':
          this.wake(r, this.now());
          break;
        case 'waiting':
          this.wake(r, Math.max(this.now(), r.nextAttemptAt ?? 0));
          break;
        default:
          break;
      }
    }
    for (const key of keys) this.pump(key);
    // Tasks left waiting for a connection: ask whether it is back.
    const waitingFor = new Set([...this.records.values()].filter((r) => r.state === 'ready-to-send').map((r) => r.connectionId));
    for (const id of waitingFor) this.d.connectivity.probeNow(id);
  }

  /** Stops waking tasks, lets requests on their way finish briefly, then abandons the rest; records stay consistent. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (this.stopped) return;
    this.stopping = true;
    this.d.scheduler.dispose();
    const pending = [...this.inflight.values()].map((f) => f.done);
    if (pending.length) {
      await Promise.race([Promise.allSettled(pending), new Promise<void>((resolve) => setTimeout(resolve, graceMs))]);
    }
    this.stopped = true;
    for (const f of this.inflight.values()) f.controller.abort();
    await this.d.repo.flush();
  }

  /** What the records say was charged, to rebuild a spending ledger that was lost. */
  ledgerEntries(): LedgerEntry[] {
    return [...this.records.values()].flatMap((r) =>
      r.remote && (r.settledCost ?? r.remote.cost) !== null
        ? [{ taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at: r.remote.acceptedAt, cost: (r.settledCost ?? r.remote.cost)!, charged: r.state !== 'moderated' }]
        : [],
    );
  }

  /** The concurrency cap or the sending preference changed: queued tasks may move now. */
  preferencesChanged(): void {
    for (const key of new Set([...this.records.values()].map((r) => r.keyId))) this.pump(key);
  }

  list(): TaskInfo[] {
    return [...this.records.values()].sort((a, b) => a.createdAt - b.createdAt).map((r) => this.view(r));
  }

  get(id: string): TaskInfo {
    return this.view(this.record(id));
  }

  /** Validates (never trusting the renderer), checks the caps, writes the record, then queues it for sending. */
  async submit(request: TaskRequest): Promise<TaskInfo> {
    if (this.stopping) throw new IpcFailure('unavailable', 'Gen Studio is shutting down.');
    const endpoint = findEndpoint(request.endpointId);
    if (!endpoint || endpoint.deprecated || !TASK_ENDPOINT_IDS.has(endpoint.id)) {
      throw new IpcFailure('validation', `“${request.endpointId}” is not an endpoint Gen Studio sends tasks to.`);
    }
    const issues = await this.validate(endpoint, request);
    if (issues.length) {
      throw new IpcFailure('validation', 'The request has problems; see the fields marked.', issues.map((i) => ({ loc: [...i.loc], msg: i.msg, type: i.type })));
    }

    const connectionId = this.d.connections.activeId();
    const conn = await this.d.connections.resolve(connectionId).catch((e: unknown) => {
      throw e instanceof IpcFailure ? e : new IpcFailure('unavailable', 'The active connection cannot be used.');
    });
    this.d.spending.check(conn.keyId, endpoint.id, this.reserved(conn.keyId));

    const now = this.now();
    const offline = this.d.connectivity.isOffline(connectionId);
    const record = newTaskRecord({
      id: randomUUID(),
      request: { endpointId: endpoint.id, params: request.params, inputs: request.inputs, ...(request.projectId !== undefined ? { projectId: request.projectId } : {}) },
      connectionId,
      connectionLabel: conn.label,
      keyId: conn.keyId,
      keyLabel: conn.keyLabel,
      state: offline ? 'ready-to-send' : 'queued',
      createdAt: now,
      detail: offline ? this.readyToSendDetail() : null,
    });
    this.records.set(record.id, record);
    await this.d.repo.save(record);
    this.emit(record);
    this.pump(record.keyId);
    return this.view(record);
  }

  async cancel(id: string): Promise<TaskInfo> {
    const r = this.record(id);
    if (FINAL_STATES.has(r.state)) throw new IpcFailure('conflict', 'This task has already ended.');
    if (r.state === 'submitting') {
      // The request may still be being prepared: the sending step looks at this flag right before it sends.
      await this.update(r, {
        cancelRequested: true,
        detail: r.submittedAt === null ? 'Cancelling before the request goes out.' : 'Cancelling: waiting for the service’s answer to the request already sent.',
      });
      return this.view(r);
    }
    const wasSent = ACTIVE_STATES.has(r.state);
    this.d.scheduler.cancel(r.id);
    this.inflight.get(r.id)?.controller.abort();
    await this.update(r, {
      state: 'cancelled',
      finishedAt: this.now(),
      nextAttemptAt: null,
      detail: wasSent
        ? 'Cancelled: Gen Studio stopped waiting. The service may still finish it and charge for it.'
        : 'Cancelled before it was sent; nothing was charged.',
    });
    this.pump(r.keyId);
    return this.view(r);
  }

  async retry(id: string, acceptDoubleCharge = false): Promise<TaskInfo> {
    const r = this.record(id);
    if (r.state === 'moderated') throw new IpcFailure('conflict', 'A moderated request is flagged again if sent unchanged; change it and generate again.');
    if (r.state !== 'failed' && r.state !== 'cancelled' && r.state !== 'outcome-unknown') {
      throw new IpcFailure('conflict', 'Only a failed, cancelled or unanswered task can be tried again.');
    }
    const warning = retryWarningOf(r);
    if (warning && !acceptDoubleCharge) throw new IpcFailure('conflict', warning);
    if (retryModeOf(r) === 'resume') {
      const downloading = r.sampleUrl !== null && (r.error?.code === 'bad-result' || r.error?.code === 'network') && r.serviceStatus === TASK_STATUS.ready;
      await this.update(r, {
        state: downloading ? 'downloading' : 'running',
        error: null,
        finishedAt: null,
        attempts: 0,
        rateLimited: 0,
        notFound: 0,
        sampleRefreshes: 0,
        pollingSince: this.now(),
        detail: 'Checking on the task again (it is not sent again).',
      });
      this.wake(r, this.now());
      return this.view(r);
    }
    await this.update(r, {
      state: this.d.connectivity.isOffline(r.connectionId) ? 'ready-to-send' : 'queued',
      previousRemoteIds: r.remote ? [...r.previousRemoteIds, r.remote.id] : r.previousRemoteIds,
      remote: null,
      serviceStatus: null,
      progress: null,
      error: null,
      finishedAt: null,
      submittedAt: null,
      nextAttemptAt: null,
      attempts: 0,
      rateLimited: 0,
      polls: 0,
      pollingSince: null,
      notFound: 0,
      sampleUrl: null,
      readyAt: null,
      sampleRefreshes: 0,
      settledCost: null,
      moderationReasons: [],
      cancelRequested: false,
      detail: warning ? 'Sending again, as you chose.' : 'Sending again.',
    });
    this.pump(r.keyId);
    return this.view(r);
  }

  /** Sends tasks that wait as "ready to send" now (all of them when no ids are given). */
  async sendNow(ids?: readonly string[]): Promise<number> {
    const chosen = [...this.records.values()].filter((r) => r.state === 'ready-to-send' && (!ids || ids.includes(r.id)));
    for (const r of chosen) await this.update(r, { state: 'queued', detail: null });
    for (const key of new Set(chosen.map((r) => r.keyId))) this.pump(key);
    for (const id of new Set(chosen.map((r) => r.connectionId))) this.d.connectivity.probeNow(id);
    return chosen.length;
  }

  async clear(id: string): Promise<boolean> {
    const r = this.records.get(id);
    if (!r) return false;
    if (!FINAL_STATES.has(r.state)) throw new IpcFailure('conflict', 'Cancel the task before removing it from the queue.');
    this.records.delete(id);
    await this.d.repo.remove(id);
    this.d.onRemoved(id);
    return true;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Bookkeeping

  private now(): number {
    return this.d.clock.now();
  }

  private record(id: string): TaskRecord {
    const r = this.records.get(id);
    if (!r) throw new IpcFailure('not-found', 'That task is no longer in the queue.');
    return r;
  }

  private queuePosition(r: TaskRecord): number | null {
    if (r.state !== 'queued') return null;
    const queued = [...this.records.values()].filter((x) => x.keyId === r.keyId && x.state === 'queued').sort((a, b) => a.createdAt - b.createdAt);
    return queued.findIndex((x) => x.id === r.id) + 1;
  }

  private view(r: TaskRecord): TaskInfo {
    return toTaskInfo(r, this.queuePosition(r));
  }

  private emit(r: TaskRecord): void {
    if (this.stopped) return;
    this.d.onUpdate(this.view(r));
  }

  /** Changes a record, writes it (awaited: the disk is ahead of the network), and tells the renderer. */
  private async update(r: TaskRecord, changes: Partial<TaskRecord>, persist = true): Promise<void> {
    if (this.stopped) return;
    Object.assign(r, changes, { updatedAt: this.now() });
    if (persist) await this.d.repo.save(r);
    this.emit(r);
  }

  private async validate(endpoint: EndpointSpec, request: TaskRequest): Promise<ValidationIssue[]> {
    const issues: ValidationIssue[] = [];
    for (const field of Object.keys(request.inputs)) {
      const spec = endpoint.fields.find((f) => f.name === field);
      if (!spec || (spec.type !== 'image' && spec.type !== 'video' && spec.type !== 'keyframes')) {
        issues.push(issue(['body', field], 'extra_forbidden', 'This field does not take a file'));
      }
    }
    const facts = await assetFacts(this.d.assets, request);
    for (const { field, assetId } of inputList(request)) {
      if (!facts.has(assetId)) issues.push(issue(['body', field], 'missing', 'This image is no longer in the asset store; choose it again'));
    }
    if (issues.length) return issues;
    return validateTaskRequest(endpoint, request, (id) => facts.get(id));
  }

  /**
   * What tasks of a key still on their way, and not in the ledger, are estimated to cost: those not yet
   * accepted, and those the service accepted without a price (a video is priced only when it ends).
   */
  private reserved(keyId: string, except?: string): Reservation {
    let amount = 0;
    let unpriced = 0;
    for (const r of this.records.values()) {
      if (r.keyId !== keyId || r.id === except || FINAL_STATES.has(r.state)) continue;
      if (r.remote && (r.remote.cost !== null || r.settledCost !== null)) continue;
      const estimate = this.d.spending.estimate(keyId, r.request.endpointId);
      if (estimate) amount += estimate.cost;
      else unpriced++;
    }
    return { amount, unpriced };
  }

  private readyToSendDetail(): string {
    return this.d.preferences().sendWhenOnline === 'automatically'
      ? 'The service does not answer. This task will be sent when it does.'
      : 'The service does not answer. Send it when the connection is back (Settings: send on request).';
  }

  /** Wakes a task at `at` on the one scheduler. */
  private wake(r: TaskRecord, at: number): void {
    if (this.stopping) return;
    this.d.scheduler.schedule(r.id, at, () => void this.step(r.id));
  }

  /** Runs one step of a task, tracked so `stop` can wait for it or abort it. */
  private step(id: string): void {
    const r = this.records.get(id);
    if (!r || this.stopping) return;
    if (this.inflight.has(id)) {
      // Another step of this task is on its way; look again shortly rather than lose this wake-up.
      this.wake(r, this.now() + 50);
      return;
    }
    const controller = new AbortController();
    const run = async () => {
      switch (r.state) {
        case 'waiting':
          await this.update(r, { state: 'queued', nextAttemptAt: null }, false);
          this.pump(r.keyId);
          return;
        case 'running':
          return this.poll(r, controller.signal);
        case 'downloading':
          return this.download(r, controller.signal);
        default:
          return;
      }
    };
    const done = run()
      .catch(async (error: unknown) => {
        this.d.log.error('a task step failed', { task: id, error: error instanceof Error ? error.message : String(error) });
        if (!FINAL_STATES.has(r.state)) await this.fail(r, { code: 'internal', message: 'Something went wrong in Gen Studio; the details are in the log. Retry checks on it again.' });
      })
      .finally(() => {
        if (this.inflight.get(id)?.controller === controller) this.inflight.delete(id);
      });
    this.inflight.set(id, { controller, done });
  }

  /** Starts queued tasks of a key while it has free slots, oldest first. */
  private pump(keyId: string): void {
    if (this.stopping) return;
    const cap = this.d.preferences().concurrencyPerKey;
    let active = 0;
    const queued: TaskRecord[] = [];
    for (const r of this.records.values()) {
      if (r.keyId !== keyId) continue;
      if (ACTIVE_STATES.has(r.state)) active++;
      else if (r.state === 'queued') queued.push(r);
    }
    queued.sort((a, b) => a.createdAt - b.createdAt);
    for (const r of queued) {
      if (active >= cap) break;
      active++;
      // Taken synchronously, so the next pump counts this slot as used.
      r.state = 'submitting';
      this.sendTask(r);
    }
    for (const r of queued) if (r.state === 'queued') this.emit(r);
  }

  /** A slot of this key freed up: queued tasks move, and tasks told to wait (429) try again now. */
  private slotFreed(keyId: string): void {
    for (const r of this.records.values()) {
      if (r.keyId === keyId && r.state === 'waiting' && r.rateLimited > 0) this.wake(r, this.now());
    }
    this.pump(keyId);
  }

  private connectionBack(connectionId: string): void {
    const auto = this.d.preferences().sendWhenOnline === 'automatically';
    const keys = new Set<string>();
    for (const r of this.records.values()) {
      if (r.connectionId !== connectionId) continue;
      if ((r.state === 'running' || r.state === 'downloading') && !this.inflight.has(r.id)) this.wake(r, this.now());
      if (r.state === 'ready-to-send') {
        if (auto) {
          r.state = 'queued';
          r.detail = null;
          keys.add(r.keyId);
        } else {
          this.emit(r);
        }
      }
    }
    for (const key of keys) this.pump(key);
  }

  private async fail(r: TaskRecord, error: TaskError, detail: string | null = null): Promise<void> {
    const wasActive = ACTIVE_STATES.has(r.state);
    await this.update(r, { state: 'failed', error, detail, finishedAt: this.now(), nextAttemptAt: null });
    if (wasActive) this.slotFreed(r.keyId);
  }

  /** Decides between another try (at a jittered, growing delay) and failing for good. */
  private async backoff(r: TaskRecord, policy: Backoff, state: TaskState, detail: string, error: TaskError): Promise<void> {
    const attempts = r.attempts + 1;
    if (attempts >= policy.attempts) {
      await this.fail(r, { ...error, message: `${error.message} Gave up after ${attempts} tries.` });
      return;
    }
    const at = this.now() + fullJitter(policy, attempts - 1, this.d.random);
    await this.update(r, { state, attempts, nextAttemptAt: at, detail: `${detail} Trying again (${attempts + 1} of ${policy.attempts}).` }, state !== 'running' && state !== 'downloading');
    // A task waiting to be sent again holds no slot meanwhile.
    if (state === 'waiting') this.pump(r.keyId);
    this.wake(r, at);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Sending

  private sendTask(r: TaskRecord): void {
    const controller = new AbortController();
    const done = this.submitTask(r, controller.signal)
      .catch(async (error: unknown) => {
        this.d.log.error('sending a task failed', { task: r.id, error: error instanceof Error ? error.message : String(error) });
        if (r.state !== 'submitting') return;
        if (r.submittedAt === null) {
          await this.fail(r, { code: 'internal', message: 'Gen Studio could not send this task (nothing was sent); the details are in the log.' });
          return;
        }
        // The POST may have gone out, and the service may have taken (and charged) it: never a plain failure,
        // whose Retry would resend without a word about paying twice.
        await this.update(r, {
          state: 'outcome-unknown',
          finishedAt: this.now(),
          error: { code: 'internal', message: 'Gen Studio failed while recording the service’s answer; the details are in the log.' },
          detail: r.remote
            ? `The service accepted it (task ${r.remote.id}) and may charge for it, but Gen Studio could not record it. It is not sent again unless you choose Retry.`
            : 'It may or may not have reached the service (and been charged). Gen Studio does not send it again unless you choose Retry.',
        });
        this.slotFreed(r.keyId);
      })
      .catch((error: unknown) => this.d.log.error('recording a failed send failed', { task: r.id, error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        if (this.inflight.get(r.id)?.controller === controller) this.inflight.delete(r.id);
      });
    this.inflight.set(r.id, { controller, done });
  }

  private async submitTask(r: TaskRecord, signal: AbortSignal): Promise<void> {
    const endpoint = findEndpoint(r.request.endpointId)!;
    let conn: ResolvedConnection;
    try {
      conn = await this.d.connections.resolve(r.connectionId, r.keyId);
    } catch (error) {
      return this.fail(r, { code: 'no-key', message: error instanceof Error ? error.message : 'The key of this task is not available.' });
    }
    try {
      this.d.spending.check(r.keyId, endpoint.id, this.reserved(r.keyId, r.id));
    } catch (error) {
      return this.fail(r, { code: 'spending-cap', message: error instanceof Error ? error.message : 'A spending cap would be crossed.' });
    }
    let body: string;
    try {
      body = await buildBody(endpoint, r.request, this.d.assets);
    } catch (error) {
      if (error instanceof MissingInput) return this.fail(r, { code: 'missing-input', message: error.message });
      throw error;
    }
    const base = endpoint.base === 'base_url_us' ? conn.regionalBaseUrl : conn.baseUrl;
    const url = `${base}${endpointPath(endpoint, conn.endpointWord)}`;

    if (r.cancelRequested) return this.cancelledBeforeSending(r);
    // The record says "submitting" on disk before a byte goes out: a crash from here on is an unknown outcome.
    await this.update(r, { state: 'submitting', submittedAt: this.now(), detail: 'Sending…', nextAttemptAt: null });
    if (this.stopped) return;
    // The last moment a cancel can still keep the request from going out.
    if (r.cancelRequested) return this.cancelledBeforeSending(r);
    const out = await send(this.d.fetch, this.d.clock, {
      url,
      method: 'POST',
      body,
      key: { value: conn.secret, allowedOrigins: conn.origins },
      timeoutMs: SUBMIT_TIMEOUT_MS,
      signal,
    });
    if (this.stopped) return;
    await this.submitted(r, conn, out);
  }

  private async cancelledBeforeSending(r: TaskRecord): Promise<void> {
    await this.update(r, { state: 'cancelled', submittedAt: null, finishedAt: this.now(), detail: 'Cancelled before it was sent: nothing was sent, so nothing was charged.' });
    this.slotFreed(r.keyId);
  }

  private async submitted(r: TaskRecord, conn: ResolvedConnection, out: HttpOutcome): Promise<void> {
    const redact = this.d.redact;
    if (out.kind === 'aborted') return;
    if (r.cancelRequested && !(out.kind === 'answer' && out.status === 200)) {
      // Cancelled while on its way, and the service did not accept it: it ends here, whatever the reason.
      const mayHaveArrived = out.kind === 'timeout' || (out.kind === 'network' && out.reached);
      await this.update(r, {
        state: 'cancelled',
        finishedAt: this.now(),
        detail: mayHaveArrived
          ? 'Cancelled. The request may have reached the service before the connection was lost, and may be charged.'
          : 'Cancelled; the service did not take it, so nothing was charged.',
      });
      this.slotFreed(r.keyId);
      return;
    }
    switch (out.kind) {
      case 'refused':
        return this.fail(r, { code: 'insecure', message: out.message });
      case 'timeout':
      case 'network': {
        if (out.kind === 'network' && !out.reached) {
          // It never reached the service: nothing can have been made or charged, so it waits to be sent.
          this.d.connectivity.markOffline(conn.id, redact(out.message));
          await this.update(r, { state: 'ready-to-send', submittedAt: null, detail: this.readyToSendDetail() });
          this.slotFreed(r.keyId);
          return;
        }
        const why = out.kind === 'timeout' ? 'no answer came in time' : `the connection was lost (${redact(out.message)})`;
        await this.update(r, {
          state: 'outcome-unknown',
          finishedAt: this.now(),
          error: { code: 'network', message: `The request was sent but ${why}.` },
          detail: 'It may or may not have reached the service (and been charged). Gen Studio does not send it again unless you choose Retry.',
        });
        this.slotFreed(r.keyId);
        return;
      }
      case 'answer':
        break;
    }
    this.d.connectivity.markOnline(conn.id);
    const { status, text } = out;
    if (status === 200) return this.accepted(r, conn, text);
    if (status === 422) {
      const parsed = ValidationErrorBodySchema.safeParse(parseJson(text));
      const issues = parsed.success ? parsed.data.detail.map((i) => ({ loc: i.loc, msg: redact(i.msg), type: i.type })) : undefined;
      return this.fail(r, {
        code: 'validation',
        message: issues?.length ? `The service refused the request: ${issues.map((i) => `${i.loc.slice(1).join('.') || 'request'}: ${i.msg}`).join('; ')}` : `The service refused the request (${statusText(status, text, redact)}).`,
        ...(issues ? { issues } : {}),
      });
    }
    if (status === 401 || status === 403) {
      return this.fail(r, { code: 'key-rejected', message: `The service refused the key “${r.keyLabel ?? conn.label}” (${statusText(status, text, redact)}). Check it in Settings.` });
    }
    if (status === 402) return this.fail(r, { code: 'no-credits', message: `Not enough credits (${statusText(status, text, redact)}). Top up, then Retry.` });
    if (status === 413) return this.fail(r, { code: 'too-large', message: 'The request is too large for the service; use smaller inputs.' });
    if (status === 429) return this.rateLimited(r, out.headers, 'waiting');
    if (status >= 500) {
      // The service answered with an error: it did not take the task, so trying again is safe.
      return this.backoff(r, SUBMIT_BACKOFF, 'waiting', `The service had a problem (${statusText(status, text, redact)}).`, {
        code: 'server-error',
        message: `The service had a problem (${statusText(status, text, redact)}).`,
      });
    }
    const hint = status === 404 || status === 405 ? ' Check the connection’s base URL and endpoint word.' : '';
    return this.fail(r, { code: 'bad-request', message: `The service refused the request (${statusText(status, text, redact)}).${hint}` });
  }

  private async rateLimited(r: TaskRecord, headers: Headers, state: 'waiting' | 'running'): Promise<void> {
    const count = r.rateLimited + 1;
    if (count > RATE_LIMIT_ATTEMPTS) {
      return this.fail(r, { code: 'rate-limited', message: `The service kept answering “too many requests” (429) ${count - 1} times.` });
    }
    const wait = Math.min(RATE_LIMIT_MAX_MS, retryAfterMs(headers, this.now()) ?? RATE_LIMIT_DEFAULT_MS);
    const at = this.now() + wait;
    await this.update(r, {
      state,
      rateLimited: count,
      nextAttemptAt: at,
      detail:
        state === 'waiting'
          ? 'The service has too many active tasks for this key (429). Trying again when it says, or when an earlier task finishes.'
          : 'The service asked Gen Studio to slow down (429).',
    }, state === 'waiting');
    // No pump here: the service just said this key is saturated; queued tasks move when a task finishes.
    this.wake(r, at);
  }

  private async accepted(r: TaskRecord, conn: ResolvedConnection, text: string): Promise<void> {
    const json = parseJson(text);
    const polling = AsyncResponseSchema.safeParse(json);
    const webhook = polling.success ? undefined : AsyncWebhookResponseSchema.safeParse(json);
    if (!polling.success && !webhook?.success) {
      await this.update(r, {
        state: 'outcome-unknown',
        finishedAt: this.now(),
        error: { code: 'bad-result', message: 'The service answered in a shape Gen Studio does not know.' },
        detail: 'The task may exist on the service (and be charged), but Gen Studio cannot follow it. It is not sent again unless you choose Retry.',
      });
      this.slotFreed(r.keyId);
      return;
    }
    const data = polling.success ? polling.data : webhook!.data!;
    const now = this.now();
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
    await this.update(r, { remote });
    if (typeof remote.cost === 'number') {
      await this.d.ledger.record({ taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at: now, cost: remote.cost, charged: true });
      this.d.spending.invalidateCredits(r.keyId);
      this.d.onSpending(r.keyId);
    }
    if (!polling.success) {
      await this.update(r, {
        state: 'webhook',
        remote,
        finishedAt: now,
        serviceStatus: webhook!.data!.status,
        detail: 'Accepted. The service sends the result to the task’s webhook, not to Gen Studio.',
      });
      this.slotFreed(r.keyId);
      return;
    }
    if (!pollingUrl || !isSecurePollingAddress(pollingUrl, conn.baseUrl)) {
      return this.fail(r, { code: 'insecure', message: 'The service gave a polling address Gen Studio does not send your key to (not https).' });
    }
    if (r.cancelRequested) {
      await this.update(r, { state: 'cancelled', remote, finishedAt: now, detail: 'Cancelled after the service had accepted it: the service may still finish it and charge for it.' });
      this.slotFreed(r.keyId);
      return;
    }
    await this.update(r, { state: 'running', remote, attempts: 0, rateLimited: 0, polls: 0, pollingSince: now, serviceStatus: null, detail: null });
    const cadence = cadenceFor(findEndpoint(r.request.endpointId));
    this.wake(r, now + jitteredPoll(cadence.firstMs, this.d.random));
  }

  // ---------------------------------------------------------------------------------------------------------
  // Polling

  private async poll(r: TaskRecord, signal: AbortSignal): Promise<void> {
    const remote = r.remote;
    if (!remote?.pollingUrl) return this.fail(r, { code: 'internal', message: 'This task has no polling address.' });
    let conn: ResolvedConnection;
    try {
      conn = await this.d.connections.resolve(r.connectionId, r.keyId);
    } catch (error) {
      return this.fail(r, { code: 'no-key', message: error instanceof Error ? error.message : 'The key of this task is not available.' });
    }
    const pollingOrigin = originOf(remote.pollingUrl);
    const ownHost = pollingOrigin !== undefined && conn.origins.has(pollingOrigin);
    if (conn.kind === 'sandbox' && !ownHost) return this.lostWithSandbox(r);
    // Records written by earlier versions may hold addresses that today's rule refuses: checked on every poll.
    if (!isSecurePollingAddress(remote.pollingUrl, conn.baseUrl)) {
      return this.fail(r, { code: 'insecure', message: 'The service gave a polling address Gen Studio does not send your key to (not https).' });
    }
    const url = withId(remote.pollingUrl, remote.id);
    const origins = new Set(conn.origins);
    // The polling host is the one the service returned for this task; the key may go there too.
    if (pollingOrigin) origins.add(pollingOrigin);
    const out = await send(this.d.fetch, this.d.clock, {
      url,
      method: 'GET',
      key: { value: conn.secret, allowedOrigins: origins },
      timeoutMs: POLL_TIMEOUT_MS,
      signal,
    });
    if (this.stopped || r.state !== 'running') return;
    const redact = this.d.redact;
    switch (out.kind) {
      case 'aborted':
        return;
      case 'refused':
        return this.fail(r, { code: 'insecure', message: out.message });
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
        return this.backoff(r, POLL_BACKOFF, 'running', out.kind === 'timeout' ? 'The service did not answer in time.' : 'The connection was lost.', {
          code: 'network',
          message: 'Gen Studio could not hear from the service about this task. Retry checks on it again; it is not sent again.',
        });
      case 'answer':
        break;
    }
    this.d.connectivity.markOnline(conn.id);
    const { status, text } = out;
    if (status === 200) {
      const parsed = PollingResultSchema.safeParse(parseJson(text));
      if (!parsed.success) {
        return this.backoff(r, POLL_BACKOFF, 'running', 'The service’s answer could not be read.', {
          code: 'server-error',
          message: 'The service’s answers about this task could not be read. Retry checks on it again.',
        });
      }
      return this.polled(r, parsed.data);
    }
    if (status === 401 || status === 403) {
      return this.fail(r, { code: 'key-rejected', message: `The service refused the key while Gen Studio checked on this task (${statusText(status, text, redact)}). Retry checks again.` });
    }
    if (status === 404) return this.notFound(r);
    if (status === 429) return this.rateLimited(r, out.headers, 'running');
    // Answers that asking again cannot change end the task at once.
    if (status === 402) {
      return this.fail(r, { code: 'no-credits', message: `The service reports not enough credits for this task (${statusText(status, text, redact)}). Top up; Retry sends it again.` });
    }
    if (status === 422) {
      return this.fail(r, { code: 'validation', message: `The service refused Gen Studio’s question about this task (${statusText(status, text, redact)}). Retry sends it again.` });
    }
    if (status >= 400 && status < 500 && status !== 408) {
      return this.fail(r, { code: 'bad-request', message: `The service refused Gen Studio’s question about this task (${statusText(status, text, redact)}). Retry sends it again.` });
    }
    return this.backoff(r, POLL_BACKOFF, 'running', `The service had a problem (${statusText(status, text, redact)}).`, {
      code: 'server-error',
      message: `The service had a problem while Gen Studio checked on this task (${statusText(status, text, redact)}). Retry checks again; it is not sent again.`,
    });
  }

  /**
   * The connection does not answer: wait without spending tries, the connection coming back wakes the task;
   * but not for ever. The time limit of its kind holds here as it does while the service says Pending.
   */
  private async waitForConnection(r: TaskRecord): Promise<void> {
    const now = this.now();
    const cadence = cadenceFor(findEndpoint(r.request.endpointId));
    const since = r.pollingSince ?? r.remote?.acceptedAt ?? now;
    if (now - since > cadence.limitMs) {
      return this.fail(r, {
        code: 'timed-out',
        message: `No answer about this task for ${Math.round(cadence.limitMs / 60_000)} minutes: the service could not be reached. It may still finish it: Retry checks on it again (it is not sent again).`,
      });
    }
    await this.update(r, { detail: 'Waiting for the connection to come back.' }, false);
    this.wake(r, now + POLL_BACKOFF.capMs);
  }

  /**
   * The built-in Sandbox keeps its tasks in memory. A task whose addresses are not on the Sandbox running now
   * was made by one that has since stopped: nobody can answer for it any more, so it ends here, saying why.
   */
  private lostWithSandbox(r: TaskRecord): Promise<void> {
    return this.fail(r, { code: 'not-found', message: SANDBOX_LOST_MESSAGE });
  }

  private async polled(r: TaskRecord, body: PollingResult): Promise<void> {
    const now = this.now();
    const status = body.status;
    if (status === TASK_STATUS.ready) return this.ready(r, body);
    if (status === TASK_STATUS.requestModerated || status === TASK_STATUS.contentModerated) {
      const reasons = moderationReasons(body.details);
      await this.d.ledger.uncharge(r.id);
      this.d.onSpending(r.keyId);
      await this.update(r, {
        state: 'moderated',
        serviceStatus: status,
        moderationReasons: reasons,
        finishedAt: now,
        detail: `${status === TASK_STATUS.requestModerated ? 'The request was flagged' : 'The result was flagged'}${reasons.length ? `: ${reasons.join(', ')}` : ''}. Moderated tasks are not charged.`,
      });
      this.slotFreed(r.keyId);
      return;
    }
    if (status === TASK_STATUS.error || status === TASK_STATUS.failed) {
      const details = body.details ? this.d.redact(errorBodyMessage(JSON.stringify(body.details))) : '';
      await this.update(r, { serviceStatus: status }, false);
      return this.fail(r, { code: 'service-error', message: `The service could not make this task (${status}${details ? `: ${details}` : ''}).` });
    }
    if (status === TASK_STATUS.notFound) return this.notFound(r);

    // Pending, or a status the app does not know: shown as it is while polling goes on, within a time limit.
    const endpoint = findEndpoint(r.request.endpointId);
    const cadence = cadenceFor(endpoint);
    const since = r.pollingSince ?? r.remote?.acceptedAt ?? now;
    const progress = typeof body.progress === 'number' ? (body.progress > 1 ? body.progress / 100 : body.progress) : null;
    if (now - since > cadence.limitMs) {
      await this.update(r, { serviceStatus: status, progress }, false);
      return this.fail(r, {
        code: 'timed-out',
        message: `Still “${status}” after ${Math.round(cadence.limitMs / 60_000)} minutes. The service may still finish it: Retry checks on it again (it is not sent again).`,
      });
    }
    const detail = status === TASK_STATUS.pending ? null : `The service reports “${status}”; Gen Studio keeps checking.`;
    const visible = r.serviceStatus !== status || r.progress !== progress || r.detail !== detail;
    Object.assign(r, { attempts: 0, rateLimited: 0, polls: r.polls + 1 });
    // Most polls change nothing the user sees: only those that do are sent to the renderer.
    if (visible) await this.update(r, { serviceStatus: status, progress, detail }, false);
    this.wake(r, now + jitteredPoll(pollInterval(cadence, r.polls), this.d.random));
  }

  private async notFound(r: TaskRecord): Promise<void> {
    const count = r.notFound + 1;
    const since = r.remote?.acceptedAt ?? this.now();
    if (count < NOT_FOUND_GRACE.answers && this.now() - since < NOT_FOUND_GRACE.withinMs) {
      const at = this.now() + fullJitter(POLL_BACKOFF, count, this.d.random) + 500;
      await this.update(r, { notFound: count, serviceStatus: TASK_STATUS.notFound, detail: 'The service does not know this task yet; checking again.' }, false);
      this.wake(r, at);
      return;
    }
    await this.update(r, { serviceStatus: TASK_STATUS.notFound }, false);
    if (r.connectionId === SANDBOX_CONNECTION_ID) return this.lostWithSandbox(r);
    return this.fail(r, { code: 'not-found', message: 'The service no longer knows this task (it expired or never existed).' });
  }

  private async ready(r: TaskRecord, body: PollingResult): Promise<void> {
    const sample = body.result?.sample;
    if (!sample) return this.fail(r, { code: 'bad-result', message: 'The service said Ready but gave no result address.' });
    let sampleUrl: string;
    try {
      sampleUrl = new URL(sample, r.remote?.pollingUrl ?? undefined).toString();
    } catch {
      return this.fail(r, { code: 'bad-result', message: 'The service gave a result address Gen Studio cannot read.' });
    }
    const settled = typeof body.cost === 'number' ? body.cost : null;
    await this.update(r, {
      state: 'downloading',
      serviceStatus: TASK_STATUS.ready,
      sampleUrl,
      readyAt: r.readyAt ?? this.now(),
      resultSeed: typeof body.result?.seed === 'number' ? body.result.seed : r.resultSeed,
      settledCost: settled ?? r.settledCost,
      attempts: 0,
      progress: 1,
      detail: 'Saving the result…',
    });
    if (settled !== null) {
      if (this.d.ledger.has(r.id)) await this.d.ledger.settle(r.id, settled);
      else await this.d.ledger.record({ taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at: r.remote?.acceptedAt ?? this.now(), cost: settled, charged: true });
      this.d.onSpending(r.keyId);
    }
    // The address expires within minutes: fetch it now, on this same step.
    const controller = this.inflight.get(r.id)?.controller;
    await this.download(r, controller?.signal ?? new AbortController().signal);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Downloading

  private async download(r: TaskRecord, signal: AbortSignal): Promise<void> {
    const sampleUrl = r.sampleUrl;
    if (!sampleUrl) return this.update(r, { state: 'running' }).then(() => this.wake(r, this.now()));
    const meta = this.resultMeta(r);
    // Filed by an earlier run: whole (sidecar written), or only its file (a crash came before the sidecar).
    const existing = (await this.d.library.find(r.id, r.request.endpointId, r.createdAt)) ?? (await this.d.library.recover(meta));
    if (existing) return this.finished(r, existing.id);
    if (r.connectionId === SANDBOX_CONNECTION_ID && !(await this.onCurrentSandbox(r, sampleUrl))) return this.lostWithSandbox(r);
    if (!isSecureTransport(sampleUrl)) return this.fail(r, { code: 'insecure', message: 'The result address is not https; Gen Studio does not fetch it.' });
    // No key: the address is signed, and the key never goes to a storage host.
    const out = await send(this.d.fetch, this.d.clock, { url: sampleUrl, method: 'GET', binary: true, maxBytes: MAX_RESULT_BYTES, timeoutMs: DOWNLOAD_TIMEOUT_MS, signal });
    if (this.stopped || r.state !== 'downloading') return;
    if (out.kind === 'aborted') return;
    if (out.kind === 'refused') return this.fail(r, { code: 'insecure', message: out.message });
    if (out.kind === 'network' || out.kind === 'timeout') {
      return this.backoff(r, DOWNLOAD_BACKOFF, 'downloading', 'The download was interrupted.', {
        code: 'network',
        message: 'The result could not be downloaded. Retry tries again (it is not sent again).',
      });
    }
    if (out.status === 200 && out.bytes) {
      try {
        const item = await this.d.library.save({ ...this.resultMeta(r), bytes: out.bytes });
        return this.finished(r, item.id);
      } catch (error) {
        if (!(error instanceof BadResult)) throw error;
        return this.backoff(r, { ...DOWNLOAD_BACKOFF, attempts: 3 }, 'downloading', `The result did not decode (${error.message})`, {
          code: 'bad-result',
          message: `The result did not decode: ${error.message}`,
        });
      }
    }
    if (out.status === 403 || out.status === 404 || out.status === 410) {
      if (r.sampleRefreshes < 1) {
        // Ask the service again: it may hand out a fresh address.
        await this.update(r, { state: 'running', sampleRefreshes: r.sampleRefreshes + 1, detail: 'The result address had expired; asking the service for it again.' });
        this.wake(r, this.now());
        return;
      }
      return this.fail(r, {
        code: 'result-expired',
        message: `The result’s address expired before Gen Studio could download it (${out.status}). The service made it, but it can no longer be fetched.`,
      });
    }
    return this.backoff(r, DOWNLOAD_BACKOFF, 'downloading', `The storage answered ${out.status}.`, {
      code: 'network',
      message: `The result could not be downloaded (${out.status}). Retry tries again.`,
    });
  }

  /** What the library keeps beside a task's result. */
  private resultMeta(r: TaskRecord): ResultMeta {
    return {
      taskId: r.id,
      endpointId: r.request.endpointId,
      params: r.request.params,
      inputs: inputList(r.request),
      seed: r.resultSeed ?? (typeof r.request.params.seed === 'number' ? r.request.params.seed : null),
      cost: r.remote?.cost ?? null,
      settledCost: r.settledCost,
      inputMp: r.remote?.inputMp ?? null,
      outputMp: r.remote?.outputMp ?? null,
      remoteTaskId: r.remote?.id ?? null,
      connectionLabel: r.connectionLabel,
      createdAt: r.createdAt,
      submittedAt: r.submittedAt,
      readyAt: r.readyAt,
    };
  }

  /** Whether an address of a Sandbox task is on the Sandbox running now (see `lostWithSandbox`). */
  private async onCurrentSandbox(r: TaskRecord, url: string): Promise<boolean> {
    const conn = await this.d.connections.resolve(r.connectionId, r.keyId);
    const origin = originOf(url);
    return origin !== undefined && conn.origins.has(origin);
  }

  private async finished(r: TaskRecord, resultId: string): Promise<void> {
    await this.update(r, { state: 'done', resultId, finishedAt: this.now(), detail: null, error: null, nextAttemptAt: null });
    this.slotFreed(r.keyId);
  }
}

/** Polls `polling_url` exactly as given, adding `id` only when it is missing (as public clients do). */
export function withId(pollingUrl: string, id: string): string {
  if (new URL(pollingUrl).searchParams.has('id')) return pollingUrl;
  const hash = pollingUrl.indexOf('#');
  const head = hash < 0 ? pollingUrl : pollingUrl.slice(0, hash);
  const tail = hash < 0 ? '' : pollingUrl.slice(hash);
  const joiner = head.includes('?') ? (head.endsWith('?') || head.endsWith('&') ? '' : '&') : '?';
  return `${head}${joiner}id=${encodeURIComponent(id)}${tail}`;
}

export { DOUBLE_CHARGE_WARNING, CHARGED_AGAIN_WARNING };
