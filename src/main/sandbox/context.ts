import type { Accounts } from './accounts';
import type { RequestLogEntry, SandboxTiming, SubmissionRecord } from './api';
import type { MediaSources } from './decode/media';
import type { FailureBook } from './failures';
import type { ResultStore } from './results';
import type { TaskStore } from './tasks/taskStore';
import type { WebhookSender } from './webhooks';

export interface ResolvedOptions {
  readonly timing: SandboxTiming;
  readonly durations: Readonly<Record<string, number>>;
  readonly durationSpread: number;
  readonly resultExpiryMs: number;
  readonly maxActiveTasksPerKey: number;
  readonly maxBodyBytes: number;
  readonly endpointWord: string;
}

/** What every handler works with: one per running sandbox. */
export interface SandboxContext {
  readonly options: ResolvedOptions;
  readonly now: () => number;
  /** `http://127.0.0.1:<port>` of `{base_url}` and of the regional base. */
  readonly origin: string;
  readonly regionalOrigin: string;
  readonly accounts: Accounts;
  readonly tasks: TaskStore;
  readonly results: ResultStore;
  readonly failures: FailureBook;
  readonly webhooks: WebhookSender;
  readonly media: MediaSources;
  readonly submissions: SubmissionRecord[];
  /** A wait that ends early when the sandbox closes. */
  readonly delay: (ms: number) => Promise<void>;
  readonly onRequest?: (entry: RequestLogEntry) => void;
}
