import { MODERATION_REASONS_KEY, TASK_STATUS } from '../../../shared/catalog/responses';
import type { JsonValue } from '../../../shared/catalog/field';

/** The polling answer as public clients observe it: `{id, status, result, progress, details, preview}`. */
export interface PollingBody {
  readonly id: string;
  readonly status: string;
  readonly result: { readonly [key: string]: JsonValue } | null;
  readonly progress: number | null;
  readonly details: { readonly [key: string]: JsonValue } | null;
  readonly preview: null;
  /** Only on a video's final answer: the settled cost. */
  readonly cost?: number;
}

const base = (id: string, status: string) => ({ id, status, result: null, progress: null, details: null, preview: null });

export const notFoundBody = (id: string): PollingBody => base(id, TASK_STATUS.notFound);

export const pendingBody = (id: string, progress: number): PollingBody => ({ ...base(id, TASK_STATUS.pending), progress });

export const errorBody = (id: string, message: string): PollingBody => ({ ...base(id, TASK_STATUS.error), details: { error: message } });

export const moderatedBody = (id: string, status: string, reasons: readonly string[]): PollingBody => ({
  ...base(id, status),
  details: { [MODERATION_REASONS_KEY]: [...reasons] },
});

export interface ReadyFacts {
  readonly sample: string;
  readonly seed: number;
  readonly prompt: string | undefined;
  readonly startTime: number;
  readonly endTime: number;
  readonly cost?: number;
}

export const readyBody = (id: string, f: ReadyFacts): PollingBody => ({
  ...base(id, TASK_STATUS.ready),
  result: {
    sample: f.sample,
    seed: f.seed,
    ...(f.prompt !== undefined ? { prompt: f.prompt } : {}),
    start_time: f.startTime / 1000,
    end_time: f.endTime / 1000,
    duration: (f.endTime - f.startTime) / 1000,
  },
  ...(f.cost !== undefined ? { cost: f.cost } : {}),
});
