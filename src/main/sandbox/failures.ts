import type { FailureMode, FailureRule, FailureStage } from './api';

/** Modes that shape one HTTP answer. */
export type TransportFailure = Extract<FailureMode, { kind: 'rate-limit' | 'status' | 'drop' | 'slow' | 'malformed-json' }>;
/** Modes that change what happens to a task. */
export type LifecycleFailure = Extract<FailureMode, { kind: 'stuck-pending' | 'expired-result' | 'task-not-found' | 'task-error' }>;

const LIFECYCLE_KINDS: ReadonlySet<FailureMode['kind']> = new Set(['stuck-pending', 'expired-result', 'task-not-found', 'task-error']);

export const isLifecycle = (f: FailureMode): f is LifecycleFailure => LIFECYCLE_KINDS.has(f.kind);

interface ActiveRule {
  readonly rule: FailureRule;
  remaining: number;
}

/**
 * The failures set for the whole server (options and `inject`), played in the order they were added.
 * Transport modes apply at their stage (`any`: every stage). Lifecycle modes apply to tasks as they are
 * created, whatever their stage says, so a rule always reaches the task it was meant for; `times` then counts tasks.
 */
export class FailureBook {
  private rules: ActiveRule[] = [];

  constructor(rules: readonly FailureRule[] = []) {
    for (const rule of rules) this.add(rule);
  }

  add(rule: FailureRule): void {
    this.rules.push({ rule, remaining: rule.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.rules = [];
  }

  private take(matches: (rule: FailureRule) => boolean): FailureMode | undefined {
    const found = this.rules.find((r) => r.remaining > 0 && matches(r.rule));
    if (!found) return undefined;
    found.remaining--;
    return found.rule.failure;
  }

  transport(stage: Exclude<FailureStage, 'any'>, endpointId: string | undefined): TransportFailure | undefined {
    return this.take(
      (r) => !isLifecycle(r.failure) && (r.on === stage || r.on === 'any') && (r.endpoint === undefined || r.endpoint === endpointId),
    ) as TransportFailure | undefined;
  }

  lifecycle(endpointId: string): LifecycleFailure | undefined {
    return this.take((r) => isLifecycle(r.failure) && (r.endpoint === undefined || r.endpoint === endpointId)) as LifecycleFailure | undefined;
  }
}

const STATUS_CODES = new Set([402, 500, 502, 503]);

/**
 * Reads the per-request header: `<mode>[;param=value]`, e.g. `503`, `429;retry-after=2`, `drop`, `slow;ms=800`.
 * Returns an error message for a value it does not understand, so a typo is not silently ignored.
 */
export function parseFailureHeader(value: string): FailureMode | string {
  const [head = '', ...rest] = value.split(';').map((s) => s.trim());
  const params = new Map(
    rest.map((p) => {
      const [k = '', v = ''] = p.split('=').map((s) => s.trim());
      return [k.toLowerCase(), v] as const;
    }),
  );
  const number = (key: string, fallback: number) => {
    const raw = params.get(key);
    const n = raw === undefined ? fallback : Number(raw);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const mode = head.toLowerCase();
  if (mode === '429' || mode === 'rate-limit') {
    const seconds = number('retry-after', 1);
    return seconds === undefined ? `retry-after must be a number of seconds` : { kind: 'rate-limit', retryAfterSeconds: seconds };
  }
  if (/^\d{3}$/.test(mode)) {
    const status = Number(mode);
    return STATUS_CODES.has(status) ? { kind: 'status', status: status as 402 | 500 | 502 | 503 } : `status ${status} is not one the sandbox plays (402, 429, 500, 502, 503)`;
  }
  switch (mode) {
    case 'drop':
    case 'malformed-json':
    case 'stuck-pending':
    case 'expired-result':
    case 'task-not-found':
    case 'task-error':
      return { kind: mode };
    case 'slow': {
      const ms = number('ms', 1000);
      return ms === undefined ? 'ms must be a number of milliseconds' : { kind: 'slow', delayMs: ms };
    }
  }
  return `unknown failure mode “${head}”`;
}
