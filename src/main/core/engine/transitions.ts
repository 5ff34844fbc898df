import type { TaskError, TaskState } from '../../../shared/ipc/contract';
import type { EngineDeps } from './engineDeps';
import { msg, SANDBOX_LOST_MESSAGE } from './messages';
import { fullJitter, RATE_LIMIT_ATTEMPTS, RATE_LIMIT_DEFAULT_MS, RATE_LIMIT_MAX_MS, type Backoff } from './policy';
import type { Slots } from './slots';
import type { TaskBook } from './taskBook';
import type { TaskRecord } from './taskRecord';
import { ACTIVE_STATES } from './taskView';

/** The endings and waits every step shares: failing, backing off, waiting out a 429. */
export class Transitions {
  constructor(
    private readonly d: EngineDeps,
    private readonly book: TaskBook,
    private readonly slots: Slots,
  ) {}

  async fail(r: TaskRecord, error: TaskError, detail: string | null = null): Promise<void> {
    const wasActive = ACTIVE_STATES.has(r.state);
    await this.book.update(r, { state: 'failed', error, detail, finishedAt: this.book.now(), nextAttemptAt: null });
    if (wasActive) this.slots.slotFreed(r.keyId);
  }

  /** Ends a task whose outcome nobody can know any more (it may exist on the service, and be charged). */
  async unknown(r: TaskRecord, error: TaskError, detail: string): Promise<void> {
    await this.book.update(r, { state: 'outcome-unknown', finishedAt: this.book.now(), error, detail });
    this.slots.slotFreed(r.keyId);
  }

  /**
   * The built-in Sandbox keeps its tasks in memory. A task whose addresses are not on the Sandbox running now
   * was made by one that has since stopped: nobody can answer for it any more, so it ends here, saying why.
   */
  lostWithSandbox(r: TaskRecord): Promise<void> {
    return this.fail(r, { code: 'not-found', message: SANDBOX_LOST_MESSAGE });
  }

  /** Decides between another try (at a jittered, growing delay) and failing for good. */
  async backoff(r: TaskRecord, policy: Backoff, state: TaskState, detail: string, error: TaskError): Promise<void> {
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
