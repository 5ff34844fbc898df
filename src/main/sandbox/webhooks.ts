import { createHmac } from 'node:crypto';
import { GLOBAL_TIMERS, type SandboxTimers } from './api';

/** `sha256=<hex HMAC-SHA256 of the raw body, keyed with webhook_secret>`; sent only when a secret was given. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** 1 for the first try, then 2, 3...: lets a receiver see a retry. */
export const ATTEMPT_HEADER = 'x-sandbox-delivery-attempt';

export interface WebhookPolicy {
  /** Tries in all, the first included. */
  readonly attempts: number;
  /** Wait before the second try; it doubles before each further one. */
  readonly baseDelayMs: number;
  /** A try that gets no answer within this counts as failed. */
  readonly timeoutMs: number;
}

export const DEFAULT_WEBHOOK_POLICY: WebhookPolicy = { attempts: 5, baseDelayMs: 1000, timeoutMs: 10_000 };

export interface WebhookDelivery {
  readonly url: string;
  readonly attempt: number;
  /** HTTP status of the receiver's answer, or 0 when there was none. */
  readonly status: number;
  readonly error?: string;
  readonly at: number;
}

function signBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Delay before try `attempt` (2, 3, ...): base, 2 x base, 4 x base... */
export const retryDelay = (policy: WebhookPolicy, attempt: number): number => policy.baseDelayMs * 2 ** (attempt - 2);

/**
 * POSTs a task's final polling body to its webhook_url. Any answer but 2xx, a refused connection or a time-out
 * is retried with doubling delays, up to `attempts` tries in all; then the sandbox gives up (polling still works).
 */
export class WebhookSender {
  private readonly pending = new Set<unknown>();
  private readonly inFlight = new Set<AbortController>();
  private readonly log: WebhookDelivery[] = [];
  private closed = false;

  constructor(
    private readonly policy: WebhookPolicy,
    private readonly now: () => number,
    private readonly timers: SandboxTimers = GLOBAL_TIMERS,
  ) {}

  send(url: string, secret: string | undefined, body: unknown): void {
    const raw = JSON.stringify(body);
    void this.attempt(url, secret, raw, 1);
  }

  deliveries(): readonly WebhookDelivery[] {
    return this.log;
  }

  private async attempt(url: string, secret: string | undefined, raw: string, attempt: number): Promise<void> {
    if (this.closed) return;
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timeout = this.timers.setTimeout(() => abort.abort(), this.policy.timeoutMs);
    let status = 0;
    let error: string | undefined;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [ATTEMPT_HEADER]: String(attempt),
          ...(secret ? { [SIGNATURE_HEADER]: signBody(secret, raw) } : {}),
        },
        body: raw,
        signal: abort.signal,
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    } finally {
      this.timers.clearTimeout(timeout);
      this.inFlight.delete(abort);
    }
    if (this.closed) return;
    this.log.push({ url, attempt, status, ...(error ? { error } : {}), at: this.now() });
    if ((status >= 200 && status < 300) || attempt >= this.policy.attempts) return;
    const timer = this.timers.setTimeout(() => {
      this.pending.delete(timer);
      void this.attempt(url, secret, raw, attempt + 1);
    }, retryDelay(this.policy, attempt + 1));
    this.pending.add(timer);
  }

  close(): void {
    this.closed = true;
    for (const t of this.pending) this.timers.clearTimeout(t);
    this.pending.clear();
    for (const a of this.inFlight) a.abort();
  }
}
