/**
 * The sandbox's programmatic interface: what tests, the core and the `npm run sandbox` command use.
 * `startSandbox` (src/main/sandbox/index.ts) implements it.
 */

/** A failure the sandbox plays instead of (or on top of) its normal answer. */
export type FailureMode =
  /** 429 with a Retry-After header (seconds) */
  | { readonly kind: 'rate-limit'; readonly retryAfterSeconds: number }
  /** 402 not enough credits, or a server error */
  | { readonly kind: 'status'; readonly status: 402 | 500 | 502 | 503 }
  /** the connection is destroyed without an answer */
  | { readonly kind: 'drop' }
  /** the normal answer, after a delay */
  | { readonly kind: 'slow'; readonly delayMs: number }
  /** a 200 whose body is not JSON */
  | { readonly kind: 'malformed-json' }
  /** polling answers Pending for ever */
  | { readonly kind: 'stuck-pending' }
  /** the result address answers as expired */
  | { readonly kind: 'expired-result' }
  /** polling answers `Task not found` from the start */
  | { readonly kind: 'task-not-found' }
  /** the task ends with status `Error` */
  | { readonly kind: 'task-error' };

/** Where a failure applies: the submit call, a poll, or the download of the result. */
export type FailureStage = 'submit' | 'poll' | 'result' | 'any';

export interface FailureRule {
  readonly on: FailureStage;
  readonly failure: FailureMode;
  /** Only for this catalog endpoint id. */
  readonly endpoint?: string;
  /** Play it this many times, then answer normally; every time when absent. */
  readonly times?: number;
}

/**
 * Per-request injection: `x-sandbox-fail: <mode>[;param=value]` on a submit (and, for lifecycle modes, on the
 * task it creates), e.g. `503`, `429;retry-after=2`, `drop`, `slow;ms=800`, `malformed-json`, `stuck-pending`,
 * `expired-result`, `task-not-found`, `task-error`.
 */
export const FAILURE_HEADER = 'x-sandbox-fail';

/** How long tasks take: `instant` for tests (ready on the first poll), `demo` for realistic seconds. */
export type SandboxTiming = 'instant' | 'demo';

export interface SandboxKeyOptions {
  readonly credits?: number;
  readonly finetunes?: readonly string[];
}

export interface SandboxOptions {
  /** 0 or absent: a free port. The server listens on 127.0.0.1 only. */
  readonly port?: number;
  readonly timing?: SandboxTiming;
  /** Milliseconds a task stays Pending, per catalog endpoint id; overrides `timing`. */
  readonly durations?: Readonly<Record<string, number>>;
  /** Spreads each task's time by up to this fraction either way, by its prompt (0.3: 70% to 130%); none by default. */
  readonly durationSpread?: number;
  /** How long a result address works after the task is ready; 10 minutes by default. */
  readonly resultExpiryMs?: number;
  /** Keys accepted besides the demo key. */
  readonly keys?: Readonly<Record<string, SandboxKeyOptions>>;
  readonly failures?: readonly FailureRule[];
  /** Active tasks per key before 429; 24 by default. */
  readonly maxActiveTasksPerKey?: number;
  /** Request bodies above this answer 413. */
  readonly maxBodyBytes?: number;
  /** The word in endpoint paths; `gen` by default. */
  readonly endpointWord?: string;
  readonly now?: () => number;
  /**
   * The timers of the Sandbox's own waits that tests need to control: webhook retries and their time-outs. The
   * global ones by default; a test passes a fake clock's, so that "no further try" is shown without waiting.
   */
  readonly timers?: SandboxTimers;
  /** Port of the regional base; `port + 1` when `port` is given, otherwise a free one. */
  readonly regionalPort?: number;
  /** Starting balance of the demo key (1000 by default). */
  readonly demoCredits?: number;
  /** Webhook delivery: tries in all (5), the wait before the second (1000 ms, doubling), the time-out of each try. */
  readonly webhookRetry?: { readonly attempts?: number; readonly baseDelayMs?: number; readonly timeoutMs?: number };
  /** Called once per answered request, e.g. to print an access log. */
  readonly onRequest?: (entry: RequestLogEntry) => void;
}

export interface SandboxTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const GLOBAL_TIMERS: SandboxTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RequestLogEntry {
  readonly method: string;
  /** The path and query, with any `sig` left out. */
  readonly path: string;
  /** 0 when the connection was dropped. */
  readonly status: number;
  readonly ms: number;
  /** `x-sandbox-fail` when the request carried one. */
  readonly failure?: string;
}

/** One try at delivering a webhook. */
interface WebhookDeliveryRecord {
  readonly url: string;
  readonly attempt: number;
  /** The receiver's HTTP status, 0 when it gave none. */
  readonly status: number;
  readonly error?: string;
  readonly at: number;
}

/** One submit call as the sandbox received it; tests use the list to prove nothing was sent twice. */
export interface SubmissionRecord {
  readonly taskId: string | null;
  readonly endpointId: string;
  readonly key: string;
  readonly status: number;
  readonly at: number;
}

export interface SandboxHandle {
  /** `{base_url}`: every endpoint under `/v1/...`. */
  readonly baseUrl: string;
  /** Stands for `{base_url_us}`: a second origin, where delete_finetune lives. */
  readonly regionalBaseUrl: string;
  /** A key the sandbox accepts from the start, with a starting balance. */
  readonly demoKey: string;
  addKey(key: string, options?: SandboxKeyOptions): void;
  inject(rule: FailureRule): void;
  clearFailures(): void;
  credits(key: string): number | undefined;
  submissions(): readonly SubmissionRecord[];
  /** Every webhook try so far, in order. */
  webhookDeliveries?(): readonly WebhookDeliveryRecord[];
  close(): Promise<void>;
}

// The built-in Sandbox in a process of its own (src/main/sandbox/process/entry.ts) and the app that starts it.

/**
 * What crosses into the built-in Sandbox's own process: its options as plain data (a clock, timers or a logging
 * callback cannot cross, and the app passes none).
 */
export type SandboxProcessOptions = Omit<SandboxOptions, 'now' | 'timers' | 'onRequest'> & {
  /** Ports to try first (the ones of last time); any free ones when they are taken. */
  readonly preferredPorts?: { readonly base: number; readonly regional: number };
};

/** The Sandbox's addresses and demo key, all the core reads from it. */
export interface SandboxAddress {
  readonly baseUrl: string;
  readonly regionalBaseUrl: string;
  readonly demoKey: string;
}

/** The app to the Sandbox process. */
export type ToSandbox = { readonly type: 'start'; readonly options: SandboxProcessOptions } | { readonly type: 'close' };

/** The Sandbox process to the app. */
export type FromSandbox =
  | ({ readonly type: 'ready'; readonly portsMoved: boolean } & SandboxAddress)
  | { readonly type: 'failed'; readonly message: string };
