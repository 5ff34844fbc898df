import { randomUUID } from 'node:crypto';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import { TASK_STATUS } from '../../../shared/catalog/responses';
import type { Accounts } from '../accounts';
import type { LifecycleFailure } from '../failures';
import type { ModerationVerdict } from '../moderation';
import type { RenderedOutput } from '../outputs/job';
import type { ResultStore } from '../results';
import type { WebhookSender } from '../webhooks';
import { errorBody, moderatedBody, notFoundBody, pendingBody, readyBody, type PollingBody } from './pollingBody';

export interface NewTask {
  readonly endpoint: EndpointSpec;
  readonly key: string;
  readonly seed: number;
  readonly prompt: string | undefined;
  /** Credits already drawn at submission. */
  readonly cost: number;
  readonly durationMs: number;
  readonly moderation?: ModerationVerdict;
  readonly lifecycle?: LifecycleFailure['kind'];
  readonly webhook?: { readonly url: string; readonly secret?: string };
  /** Makes the output; not called for a request moderated at submission. */
  readonly render: () => Promise<RenderedOutput>;
  /**
   * For videos: the cost settled from what was actually made. A task that has it is a video, and every final
   * answer of a video carries its settled `cost`: this for a Ready one, 0 for one that ends without a result.
   */
  readonly settledCost?: (output: RenderedOutput) => number;
}

/**
 * How long a `stuck-pending` task answers Pending before the sandbox gives it up (status Error, refunded):
 * longer than any client waits (the app gives up on images after 10 minutes, on videos after 30), so to a
 * client it is stuck for ever, yet it ends and its credits come back, as a user would expect of a task that
 * never produced anything.
 */
export const STUCK_TASK_LIMIT_MS = 60 * 60 * 1000;

interface Task extends Omit<NewTask, 'render'> {
  readonly id: string;
  readonly createdAt: number;
  readonly readyAt: number;
  rendering?: Promise<void>;
  output?: RenderedOutput;
  renderError?: string;
  /** The result address answers as expired from the moment it exists. */
  resultExpired?: boolean;
  final?: { readonly body: PollingBody; readonly expiresAt: number };
}

export interface TaskStoreDeps {
  readonly now: () => number;
  readonly accounts: Accounts;
  readonly results: ResultStore;
  readonly webhooks: WebhookSender;
  readonly resultExpiryMs: number;
}

/** Progress while Pending: elapsed over expected, never 1 before the task is Ready. */
const progressAt = (task: Task, now: number) =>
  task.durationMs <= 0 ? 0 : Math.min(0.99, Math.round(((now - task.createdAt) / task.durationMs) * 100) / 100);

/**
 * Tasks from submission to their final status. A task's status is worked out from the clock when asked (so a
 * test clock moves it along); it turns final once its time has passed and its output exists, at which point
 * the result address starts its expiry, moderated and failed tasks are refunded and the webhook is sent.
 */
export class TaskStore {
  private readonly tasks = new Map<string, Task>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly deps: TaskStoreDeps) {}

  create(spec: NewTask): string {
    const now = this.deps.now();
    // `render` holds the decoded inputs; the task keeps only its output, so memory follows outputs, not inputs.
    const { render, ...facts } = spec;
    const task: Task = { ...facts, id: randomUUID(), createdAt: now, readyAt: now + spec.durationMs };
    this.tasks.set(task.id, task);
    // A task lost at once ends, for its client, without a result: what it drew comes back straight away.
    if (spec.lifecycle === 'task-not-found') this.deps.accounts.refund(task.key, task.cost);
    if (spec.moderation?.status === TASK_STATUS.requestModerated) {
      this.settle(task);
      return task.id;
    }
    task.rendering = render().then(
      (output) => {
        task.output = output;
      },
      (e: unknown) => {
        task.renderError = e instanceof Error ? e.message : String(e);
      },
    );
    void task.rendering.then(() => this.schedule(task));
    return task.id;
  }

  /** Settles the task when its time comes, so webhooks go out and the active count drops with nobody polling. */
  private schedule(task: Task): void {
    const wait = Math.max(0, task.readyAt - this.deps.now());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.settle(task);
    }, wait);
    this.timers.add(timer);
  }

  /** The polling answer for a key's task; waits for the output when the task's time has come but it is still being made. */
  async poll(id: string, key: string): Promise<PollingBody> {
    this.sweep();
    const task = this.tasks.get(id);
    if (!task || task.key !== key) return notFoundBody(id);
    if (!task.final && task.rendering && this.deps.now() >= task.readyAt) await task.rendering;
    return this.settle(task);
  }

  /** Tasks of a key not yet final: what the active-task cap counts. */
  activeCount(key: string): number {
    let n = 0;
    for (const task of this.tasks.values()) {
      if (task.key !== key || task.lifecycle === 'task-not-found') continue;
      this.settle(task);
      if (!task.final) n++;
    }
    return n;
  }

  endpointOf(id: string): EndpointSpec | undefined {
    return this.tasks.get(id)?.endpoint;
  }

  /** Makes a task's result address answer as expired, now or when the task becomes Ready. */
  expireResult(id: string): void {
    const task = this.tasks.get(id);
    if (!task) return;
    task.resultExpired = true;
    this.deps.results.expire(id);
  }

  private settle(task: Task): PollingBody {
    if (task.final) return task.final.body;
    const now = this.deps.now();
    if (task.lifecycle === 'task-not-found') return notFoundBody(task.id);
    if (task.lifecycle === 'stuck-pending' && now < task.createdAt + STUCK_TASK_LIMIT_MS) return pendingBody(task.id, progressAt(task, now));
    const moderatedAtOnce = task.moderation?.status === TASK_STATUS.requestModerated;
    if (!moderatedAtOnce && (now < task.readyAt || (!task.output && task.renderError === undefined))) {
      return pendingBody(task.id, progressAt(task, now));
    }
    const body = this.finalBody(task, now);
    task.final = { body, expiresAt: now + this.deps.resultExpiryMs };
    if (body.status !== TASK_STATUS.ready && !moderatedAtOnce) this.deps.accounts.refund(task.key, task.cost);
    if (task.webhook) this.deps.webhooks.send(task.webhook.url, task.webhook.secret, body);
    return body;
  }

  private finalBody(task: Task, now: number): PollingBody {
    // Nothing was made, so nothing is owed: a video says so with a settled cost of 0 (and is refunded).
    const noResult = (body: PollingBody): PollingBody => (task.settledCost ? { ...body, cost: 0 } : body);
    if (task.moderation) return noResult(moderatedBody(task.id, task.moderation.status, task.moderation.reasons));
    if (task.lifecycle === 'task-error') return noResult(errorBody(task.id, 'The task failed (injected by the sandbox).'));
    if (task.lifecycle === 'stuck-pending') {
      return noResult(errorBody(task.id, `The task did not finish within ${STUCK_TASK_LIMIT_MS / 60_000} minutes and was given up (stuck-pending, injected by the sandbox).`));
    }
    if (task.renderError !== undefined || !task.output) {
      return noResult(errorBody(task.id, `The sandbox could not make the output: ${task.renderError ?? 'unknown'}`));
    }
    const expiresAt = now + this.deps.resultExpiryMs;
    const sample = this.deps.results.put(task.id, task.output, expiresAt, task.lifecycle === 'expired-result' || task.resultExpired === true);
    let cost: number | undefined;
    if (task.settledCost) {
      cost = task.settledCost(task.output);
      // Settle the balance to what was actually made.
      if (cost > task.cost) this.deps.accounts.charge(task.key, cost - task.cost);
      else if (cost < task.cost) this.deps.accounts.refund(task.key, task.cost - cost);
    }
    return readyBody(task.id, { sample, seed: task.seed, prompt: task.prompt, startTime: task.createdAt, endTime: now, ...(cost !== undefined ? { cost } : {}) });
  }

  /**
   * Settles tasks whose time has come with nobody polling (a stuck task past its limit is refunded), forgets
   * tasks whose answers have expired (they then read `Task not found`) and frees their files.
   */
  sweep(): void {
    const now = this.deps.now();
    for (const [id, task] of this.tasks) {
      if (!task.final) this.settle(task);
      const expiresAt = task.final?.expiresAt ?? (task.lifecycle === 'task-not-found' ? task.readyAt + this.deps.resultExpiryMs : undefined);
      if (expiresAt !== undefined && now >= expiresAt) this.tasks.delete(id);
    }
    this.deps.results.sweep();
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
