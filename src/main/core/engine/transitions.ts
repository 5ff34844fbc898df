import { pricedUsage } from './pricedUsage';
import type { TaskState } from '../../../shared/ipc/contract';
import type { Words } from '../../../shared/i18n/words';
import type { EngineDeps } from './engineDeps';
import { msg, SANDBOX_LOST_WORDS } from './messages';
import { fullJitter, RATE_LIMIT_ATTEMPTS, RATE_LIMIT_DEFAULT_MS, RATE_LIMIT_MAX_MS, type Backoff } from './policy';
import type { Slots } from './slots';
import type { TaskBook } from './taskBook';
import { taskError, type SaidError, type TaskDetail, type TaskRecord } from './taskRecord';
import { ACTIVE_STATES } from '../../../shared/tasks/taskStates';

/** The endings and waits every step shares: failing, backing off, waiting out a 429. */
export class Transitions {
  constructor(
    private readonly d: EngineDeps,
    private readonly book: TaskBook,
    private readonly slots: Slots,
  ) {}

  async fail(r: TaskRecord, error: SaidError, detail: TaskDetail = null): Promise<void> {
    const wasActive = ACTIVE_STATES.has(r.state);
    await this.book.update(r, { state: 'failed', error: taskError(error), detail, finishedAt: this.book.now(), nextAttemptAt: null });
    if (wasActive) this.slots.slotFreed(r.keyId);
  }

  /** Ends a task whose outcome nobody can know any more (it may exist on the service, and be charged). */
  async unknown(r: TaskRecord, error: SaidError, detail: TaskDetail): Promise<void> {
    await this.book.update(r, { state: 'outcome-unknown', finishedAt: this.book.now(), error: taskError(error), detail });
    await this.holdUnknown(r);
    this.slots.slotFreed(r.keyId);
  }

  /**
   * What a task whose outcome is unknown may have cost goes in the ledger, so every cap counts it until it is
   * settled: charged, when the service's answer (with its price) was read before something else failed;
   * otherwise unsettled, at its estimate. A ledger that cannot be written leaves the record to speak for it
   * (the reservation counts outcome-unknown tasks the ledger does not know).
   */
  async holdUnknown(r: TaskRecord): Promise<void> {
    if (this.d.ledger.has(r.id)) return;
    const at = r.submittedAt ?? r.remote?.acceptedAt ?? this.book.now();
    const base = { taskId: r.id, keyId: r.keyId, endpointId: r.request.endpointId, at };
    try {
      if (r.remote?.cost != null) await this.d.ledger.record({ ...base, at: r.remote.acceptedAt, cost: r.remote.cost, charged: true, usage: pricedUsage(r) });
      else {
        const estimate = this.d.spending.estimate(r.keyId, r.request.endpointId, r.usage);
        const usage = pricedUsage(r);
        await this.d.ledger.holdUnsettled(estimate ? { ...base, cost: estimate.cost, usage } : { ...base, cost: 0, unpriced: true, usage });
      }
      this.d.onSpending(r.keyId);
    } catch (error) {
      this.d.log.error('holding a task of unknown outcome in the ledger failed', { task: r.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /**
   * The service answered about a task whose outcome was unknown: it has the task, so it was charged. Settled at
   * the service's price where it gave one, else at the estimate it was held at (one nothing priced stays open).
   */
  async knownToService(r: TaskRecord, cost: number | null): Promise<void> {
    const entry = this.d.ledger.entry(r.id);
    if (!entry?.unsettled) return;
    const price = cost ?? r.remote?.cost ?? (entry.unpriced ? null : entry.cost);
    if (price === null) return;
    await this.d.ledger.resolve(r.id, true, price);
    this.d.onSpending(r.keyId);
  }

  /**
   * The built-in Sandbox keeps its tasks in memory. A task whose addresses are not on the Sandbox running now
   * was made by one that has since stopped: nobody can answer for it any more, so it ends here, saying why.
   */
  lostWithSandbox(r: TaskRecord): Promise<void> {
    return this.fail(r, { code: 'not-found', message: SANDBOX_LOST_WORDS });
  }

  /** Decides between another try (at a jittered, growing delay) and failing for good. */
  async backoff(r: TaskRecord, policy: Backoff, state: TaskState, detail: Words | string, error: SaidError): Promise<void> {
    const attempts = r.attempts + 1;
    if (attempts >= policy.attempts) {
      await this.fail(r, { ...error, message: msg.gaveUp(error.message, attempts) });
      return;
    }
    const at = this.book.now() + fullJitter(policy, attempts - 1, this.d.random);
    await this.book.update(r, { state, attempts, nextAttemptAt: at, detail: msg.tryingAgain(detail, attempts + 1, policy.attempts) }, state !== 'running' && state !== 'downloading');
    // A task waiting to be sent again holds no slot meanwhile.
    if (state === 'waiting') this.slots.pump(r.keyId);
    this.slots.wake(r, at);
  }

  /** A 429: wait as long as the service says (within bounds), or until an earlier task of the key finishes. */
  async rateLimited(r: TaskRecord, retryAfterMs: number | null, state: 'waiting' | 'running'): Promise<void> {
    const count = r.rateLimited + 1;
    if (count > RATE_LIMIT_ATTEMPTS) return this.fail(r, { code: 'rate-limited', message: msg.rateLimitedGaveUp(count - 1) });
    const at = this.book.now() + Math.min(RATE_LIMIT_MAX_MS, retryAfterMs ?? RATE_LIMIT_DEFAULT_MS);
    const detail = state === 'waiting' ? msg.rateLimitedSending : msg.rateLimitedPolling;
    await this.book.update(r, { state, rateLimited: count, nextAttemptAt: at, detail }, state === 'waiting');
    // No pump here: the service just said this key is saturated; queued tasks move when a task finishes.
    this.slots.wake(r, at);
  }
}
