import { pricedUsage } from './pricedUsage';
import { english } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import { refusedWith } from '../i18n/refusal';
import { expectedUsage, type Usage } from '../../../shared/pricing/usage';
import { randomUUID } from 'node:crypto';
import { findEndpoint, taskEndpoints } from '../../../shared/catalog/catalog';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import { TASK_STATUS } from '../../../shared/catalog/responses';
import type { TaskInfo } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { validateTaskRequest, type TaskRequest } from '../../../shared/tasks/taskRequest';
import { issue, type ValidationIssue } from '../../../shared/validation/issue';
import { timed } from '../perf/phases';
import type { LedgerEntry } from '../spending/ledger';
import { DownloadStep } from './downloadStep';
import type { EngineDeps } from './engineDeps';
import { msg } from './messages';
import { PollPacer } from './pollPacer';
import { PollStep } from './pollStep';
import { assetFacts, inputList } from './requestBody';
import { reserved } from './reservation';
import type { CapAsk, Reservation } from '../spending/spendingService';
import type { CapGroup, CapRefusal } from '../../../shared/spending/capRefusal';
import { Slots } from './slots';
import { requestUrl, SubmitStep } from './submitStep';
import { TaskBook } from './taskBook';
import { newTaskRecord, originOf, taskError, type NewTask, type TaskRecord } from './taskRecord';
import { ACTIVE_STATES, ENDED_STATES, ENGINE_RETRY_STATES, NOT_SENT_STATES } from '../../../shared/tasks/taskStates';
import { retryModeOf, retryWarningWordsOf } from './taskView';
import { Transitions } from './transitions';
import type { RunKey } from '../fs/runRecord';

export type {  EngineDeps } from './engineDeps';
export { SANDBOX_LOST_MESSAGE } from './messages';

/** How long `stop` lets requests on their way finish, so fewer tasks are left with an unknown outcome. */
const STOP_GRACE_MS = 2000;

const TASK_ENDPOINT_IDS = new Set(taskEndpoints().map((e) => e.id));

/**
 * The durable task engine: its lifecycle and the renderer's commands. Every task is a record on disk, written
 * before each step that talks to the service; the slots decide what goes out when; the submit, poll and
 * download steps move each record through its states. A request that may have reached the service is never
 * sent again without the user saying so.
 */
export class TaskEngine {
  private readonly book: TaskBook;
  private readonly slots: Slots;
  private readonly t: Transitions;
  private readonly pacer: PollPacer;

  constructor(private readonly d: EngineDeps) {
    this.book = new TaskBook(d);
    this.slots = new Slots(d, this.book);
    const t = (this.t = new Transitions(d, this.book, this.slots));
    const download = new DownloadStep(d, this.book, this.slots, t);
    const pacer = (this.pacer = new PollPacer(d.random));
    const poll = new PollStep(d, this.book, this.slots, t, download, pacer);
    const submit = new SubmitStep(d, this.book, this.slots, t, pacer);
    this.slots.attach({
      send: (r, signal) => submit.run(r, signal),
      poll: (r, signal) => poll.run(r, signal),
      download: (r, signal) => download.run(r, signal),
      stepFailed: async (r, error) => {
        d.log.error('a task step failed', { task: r.id, error: error instanceof Error ? error.message : String(error) });
        if (!ENDED_STATES.has(r.state)) await t.fail(r, { code: 'internal', message: msg.stepFailed });
      },
    });
    d.connectivity.subscribe((status) => {
      if (status.state === 'online') this.slots.connectionBack(status.id);
    });
  }

  private get records(): Map<string, TaskRecord> {
    return this.book.records;
  }

  private now(): number {
    return this.d.clock.now();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Start and stop

  /**
   * Loads every record and picks up each unfinished task where it stood. The states are read as loaded, and
   * nothing is woken until every task a crash left mid-send has been dealt with: a task woken early could
   * finish and free its slot, and the queued task sent in it would then look like one a crash left `submitting`.
   */
  async start(): Promise<void> {
    const loaded = await this.d.repo.loadAll();
    for (const record of loaded) this.records.set(record.id, record);
    // How long this key's tasks took, from the finished ones still on record, paces the first polls after start-up.
    this.pacer.seed(loaded);
    const wakes: Array<[TaskRecord, number]> = [];
    for (const r of loaded) {
      switch (r.state) {
        case 'submitting':
          if (await this.resumeSubmitting(r)) wakes.push([r, this.now()]);
          break;
        case 'running':
        case 'downloading':
          wakes.push([r, this.now()]);
          break;
        case 'waiting':
          wakes.push([r, Math.max(this.now(), r.nextAttemptAt ?? 0)]);
          break;
        case 'outcome-unknown':
          // Held against the caps until settled; a hold the ledger lost (or never got) is written again.
          await this.t.holdUnknown(r);
          break;
        default:
          break;
      }
    }
    for (const [r, at] of wakes) this.slots.wake(r, at);
    this.slots.pumpAll();
    // Tasks left waiting for a connection: ask whether it is back.
    const waitingFor = new Set([...this.records.values()].filter((r) => r.state === 'ready-to-send').map((r) => r.connectionId));
    for (const id of waitingFor) this.d.connectivity.probeNow(id);
  }

  /** A task a crash left `submitting`; true when it goes on polling (to be woken). */
  private async resumeSubmitting(r: TaskRecord): Promise<boolean> {
    if (r.remote?.pollingUrl) {
      // It stopped after the service's answer was stored, before the task moved on: the service has it,
      // so it is followed like any running task (and charged in the ledger if that write was lost).
      const cost = r.remote.cost;
      if (cost !== null && !this.d.ledger.has(r.id)) {
        await this.d.ledger.record({ taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at: r.remote.acceptedAt, cost, charged: true, usage: pricedUsage(r) });
      }
      if (r.cancelRequested) {
        await this.book.update(r, { state: 'cancelled', finishedAt: this.now(), detail: msg.cancelledAfterAccepted });
        return false;
      }
      await this.book.update(r, { state: 'running', pollingSince: this.now(), polls: 0, attempts: 0, detail: null });
      return true;
    }
    if (r.submittedAt === null) {
      // Written while it was being prepared (a pause or a cancel then): `submittedAt` is on disk before a byte
      // goes out, so nothing went. It takes its place in line again, or ends if it was cancelled.
      if (r.cancelRequested) await this.book.update(r, { state: 'cancelled', finishedAt: this.now(), detail: msg.cancelledBeforeSending });
      else await this.book.update(r, { state: 'queued' });
      return false;
    }
    // Gen Studio stopped between writing this record and hearing the service's answer.
    await this.book.update(r, {
      state: 'outcome-unknown',
      detail: msg.stoppedWhileSending,
      error: taskError({ code: 'network', message: msg.noAnswerRecorded }),
      finishedAt: this.now(),
    });
    await this.t.holdUnknown(r);
    return false;
  }

  /** Stops waking tasks, lets requests on their way finish briefly (on the injected clock), then abandons the rest. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (this.book.stopped) return;
    await this.slots.stop(graceMs);
    await this.d.repo.flush();
  }

  // ---------------------------------------------------------------------------------------------------------
  // The renderer's calls

  /** What the records say was charged, to rebuild a spending ledger that was lost. */
  ledgerEntries(): LedgerEntry[] {
    return [...this.records.values()].flatMap((r) =>
      r.remote && (r.settledCost ?? r.remote.cost) !== null
        ? [{ taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at: r.remote.acceptedAt, cost: (r.settledCost ?? r.remote.cost)!, charged: r.state !== 'moderated', usage: pricedUsage(r) }]
        : [],
    );
  }

  /** The concurrency cap or the sending preference changed: queued tasks may move now. */
  preferencesChanged(): void {
    this.slots.pumpAll();
  }

  list(): TaskInfo[] {
    return [...this.records.values()].sort((a, b) => a.createdAt - b.createdAt).map((r) => this.book.view(r));
  }

  get(id: string): TaskInfo {
    return this.book.view(this.book.get(id));
  }

  /** Validates (never trusting the renderer), checks the caps, writes the record, then queues it for sending. */
  async submit(request: TaskRequest, meta: Pick<NewTask, 'projectId' | 'group' | 'origin'> & { readonly id?: string; readonly on?: RunKey } = {}): Promise<TaskInfo> {
    if (this.slots.stopping) throw refusedWith('unavailable', msg.shuttingDown);
    // A caller that names its task (a matrix cell) can tell after a crash whether it was recorded: never twice.
    if (meta.id !== undefined && this.records.has(meta.id)) throw refusedWith('conflict', msg.alreadyRecorded);
    // A single task names its project in the request; a group of variations passes it beside the request.
    const record = await timed('validate', () => this.admit(request, { projectId: meta.projectId ?? request.projectId ?? null, group: meta.group ?? null, origin: meta.origin ?? 'generate' }, meta.id, meta.on));
    await timed('record', () => this.d.repo.save(record));
    this.book.emit(record);
    this.slots.pump(record.keyId);
    return this.book.view(record);
  }

  /** Checks a submission (never trusting the renderer) and the caps, and makes its record in the book. */
  private async admit(request: TaskRequest, meta: Pick<NewTask, 'projectId' | 'group' | 'origin'>, id: string = randomUUID(), on?: RunKey): Promise<TaskRecord> {
    const endpoint = findEndpoint(request.endpointId);
    if (!endpoint || endpoint.deprecated || !TASK_ENDPOINT_IDS.has(endpoint.id)) {
      throw refusedWith('validation', msg.notATaskEndpoint(request.endpointId));
    }
    const issues = await this.validate(endpoint, request);
    if (issues.length) {
      throw refusedWith('validation', msg.requestHasProblems, issues.map((i) => ({ loc: [...i.loc], msg: i.msg, type: i.type })));
    }
    const usage = await this.expectedUsage(request);

    // A run's request goes on the run's own key, whichever is active now; anything else on the active one.
    const connectionId = on?.connectionId ?? this.d.connections.activeId();
    const conn = await this.d.connections.resolve(connectionId, on?.keyId).catch((e: unknown) => {
      throw e instanceof IpcFailure ? e : refusedWith('unavailable', msg.connectionUnusable);
    });
    // Asked by where the request goes: a connection of any name aimed at this computer delivers results from here.
    const refusal = await this.d.sandboxWebhooks.refusal(request.params['webhook_url'], 'ask', requestUrl(endpoint, conn));
    if (refusal) throw refusedWith('validation', refusal, [{ loc: ['body', 'webhook_url'], msg: english(refusal), type: 'webhook_not_allowed', words: refusal }]);
    // From the cap check to the record joining the book nothing awaits: submissions made at the same moment
    // each see the ones checked before them as on their way, so a burst cannot pass a cap together.
    this.d.spending.check(conn.keyId, { what: 'request', requests: [{ endpointId: endpoint.id, usage }] }, reserved(this.records.values(), this.d.spending, (id) => this.d.ledger.has(id), conn.keyId));
    const offline = this.d.connectivity.isOffline(connectionId);
    if (this.records.has(id)) throw refusedWith('conflict', msg.alreadyRecorded);
    const record = newTaskRecord({
      id,
      request: { endpointId: endpoint.id, params: request.params, inputs: request.inputs, ...(request.projectId !== undefined ? { projectId: request.projectId } : {}) },
      connectionId,
      connectionLabel: conn.label,
      keyId: conn.keyId,
      keyLabel: conn.keyLabel,
      state: offline ? 'ready-to-send' : 'queued',
      createdAt: this.now(),
      detail: offline ? this.readyToSendDetail() : null,
      usage,
      ...meta,
    });
    this.records.set(record.id, record);
    return record;
  }

  /** The connection and key a request made now goes on (a run records them when it starts). */
  currentKey(): RunKey {
    const connectionId = this.d.connections.activeId();
    return { connectionId, keyId: this.d.connections.keyIdOf(connectionId) ?? connectionId };
  }

  /** What tasks of a key still on their way are expected to cost (for a check on a whole group of variations). */
  reservation(keyId: string): Reservation {
    return reserved(this.records.values(), this.d.spending, (id) => this.d.ledger.has(id), keyId);
  }

  /**
   * Why the caps refuse letting these held tasks go, with `unsent` (requests of the same run not handed over
   * yet), asked as one group (`what`) on top of what is spent and on its way on the run's key; null when they
   * keep within them. Held tasks count for nothing until then (reservation.ts).
   */
  heldRefusal(ids: readonly string[], what: CapGroup, unsent: CapAsk['requests'], keyId: string): CapRefusal | null {
    const held = ids.map((id) => this.records.get(id)).filter((r): r is TaskRecord => r !== undefined && r.held && !ENDED_STATES.has(r.state));
    const on = held[0]?.keyId ?? keyId;
    const requests = [...held.map((r) => ({ endpointId: r.request.endpointId, usage: r.usage })), ...unsent];
    if (requests.length === 0) return null;
    return this.d.spending.refusal(on, { what, requests }, this.reservation(on));
  }

  async cancel(id: string): Promise<TaskInfo> {
    const r = this.book.get(id);
    if (ENDED_STATES.has(r.state)) throw refusedWith('conflict', msg.alreadyEnded);
    if (r.state === 'submitting') {
      // The request may still be being prepared: the sending step looks at this flag right before it sends.
      await this.book.update(r, { cancelRequested: true, detail: r.submittedAt === null ? msg.cancellingBeforeSend : msg.cancellingAfterSend });
      return this.book.view(r);
    }
    const wasSent = ACTIVE_STATES.has(r.state);
    this.d.scheduler.cancel(r.id);
    this.slots.abort(r.id);
    await this.book.update(r, { state: 'cancelled', finishedAt: this.now(), nextAttemptAt: null, detail: wasSent ? msg.cancelledAfterSend : msg.cancelledBeforeSend });
    this.slots.pump(r.keyId);
    return this.book.view(r);
  }

  /**
   * Holds a paused run's tasks not yet sent (`why` says so on each), or lets them go again (`why` null). Written
   * to disk, so a restart holds them too. A task already on its way is left to finish: it went.
   */
  async hold(ids: readonly string[], why: Words | null): Promise<void> {
    const keys = new Set<string>();
    for (const id of ids) {
      const r = this.records.get(id);
      if (!r || ENDED_STATES.has(r.state)) continue;
      if (why === null) {
        if (!r.held) continue;
        await this.book.update(r, { held: false, detail: null });
        keys.add(r.keyId);
      } else if (NOT_SENT_STATES.has(r.state) || (r.state === 'submitting' && r.submittedAt === null)) {
        await this.book.update(r, { held: true, detail: why });
      }
    }
    for (const key of keys) this.slots.pump(key);
  }

  async retry(id: string, acceptDoubleCharge = false): Promise<TaskInfo> {
    const r = this.book.get(id);
    if (r.state === 'moderated') throw refusedWith('conflict', msg.moderatedRetry);
    if (!ENGINE_RETRY_STATES.has(r.state)) throw refusedWith('conflict', msg.onlyEndedRetry);
    const warning = retryWarningWordsOf(r);
    if (warning && !acceptDoubleCharge) throw refusedWith('conflict', warning);
    if (retryModeOf(r) === 'resume') {
      const downloading = r.sampleUrl !== null && (r.error?.code === 'bad-result' || r.error?.code === 'network' || r.error?.code === 'set-aside') && r.serviceStatus === TASK_STATUS.ready;
      await this.book.update(r, {
        state: downloading ? 'downloading' : 'running',
        error: null,
        finishedAt: null,
        attempts: 0,
        rateLimited: 0,
        notFound: 0,
        sampleRefreshes: 0,
        pollingSince: this.now(),
        detail: msg.checkingAgain,
      });
      this.slots.wake(r, this.now());
      return this.book.view(r);
    }
    // Sent again as a new attempt: everything an attempt leaves on the record starts over, from the one
    // definition of a new record, so a field added later cannot be forgotten here (the result's seed once was).
    const fresh = newTaskRecord({
      id: r.id,
      request: r.request,
      connectionId: r.connectionId,
      connectionLabel: r.connectionLabel,
      keyId: r.keyId,
      keyLabel: r.keyLabel,
      state: this.d.connectivity.isOffline(r.connectionId) ? 'ready-to-send' : 'queued',
      createdAt: r.createdAt,
      detail: msg.sendingAgain(warning !== null),
      projectId: r.projectId,
      group: r.group,
      origin: originOf(r),
    });
    // What the earlier attempt cost, or holds while its outcome is unknown, stays counted under another name.
    await this.d.ledger.setApart(r.id, r.remote?.id ?? String(r.submittedAt ?? r.updatedAt));
    await this.book.update(r, { ...fresh, previousRemoteIds: r.remote ? [...r.previousRemoteIds, r.remote.id] : r.previousRemoteIds });
    this.slots.pump(r.keyId);
    return this.book.view(r);
  }

  /** Sends tasks that wait as "ready to send" now (all of them when no ids are given). */
  async sendNow(ids?: readonly string[]): Promise<number> {
    const chosen = [...this.records.values()].filter((r) => r.state === 'ready-to-send' && (!ids || ids.includes(r.id)));
    for (const r of chosen) await this.book.update(r, { state: 'queued', detail: null });
    for (const key of new Set(chosen.map((r) => r.keyId))) this.slots.pump(key);
    for (const id of new Set(chosen.map((r) => r.connectionId))) this.d.connectivity.probeNow(id);
    return chosen.length;
  }

  async clear(id: string): Promise<boolean> {
    const r = this.records.get(id);
    if (!r) return false;
    if (!ENDED_STATES.has(r.state)) throw refusedWith('conflict', msg.cancelBeforeRemoving);
    this.records.delete(id);
    await this.d.repo.remove(id);
    this.d.onRemoved(id);
    return true;
  }

  // ---------------------------------------------------------------------------------------------------------

  /** What a request is expected to be priced on, from the sizes of the assets it sends. */
  async expectedUsage(request: TaskRequest): Promise<Usage> {
    const endpoint = findEndpoint(request.endpointId);
    if (!endpoint) throw refusedWith('validation', msg.notATaskEndpoint(request.endpointId));
    const facts = await assetFacts(this.d.assets, request);
    return expectedUsage(endpoint, request, (id) => facts.get(id));
  }

  private async validate(endpoint: EndpointSpec, request: TaskRequest): Promise<ValidationIssue[]> {
    const issues: ValidationIssue[] = [];
    for (const field of Object.keys(request.inputs)) {
      const spec = endpoint.fields.find((f) => f.name === field);
      if (!spec || (spec.type !== 'image' && spec.type !== 'video' && spec.type !== 'keyframes')) {
        issues.push(issue(['body', field], 'extra_forbidden', english(msg.fieldTakesNoFile)));
      }
    }
    const facts = await assetFacts(this.d.assets, request);
    for (const { field, assetId } of inputList(request)) {
      if (!facts.has(assetId)) issues.push(issue(['body', field], 'missing', english(msg.inputGone)));
    }
    if (issues.length) return issues;
    return validateTaskRequest(endpoint, request, (id) => facts.get(id));
  }

  private readyToSendDetail(): Words {
    return msg.readyToSend(this.d.preferences().sendWhenOnline === 'automatically');
  }
}
