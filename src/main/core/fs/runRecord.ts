import { WordsSchema } from '../../../shared/i18n/words';
import { z } from 'zod';
import { TASK_STATES } from '../../../shared/ipc/contract';

/**
 * What a batch and a matrix on disk have alike: how one of their requests ended, and the frame around the requests.
 * Kept on the run so its list stays whole after the queue is cleared; each kind adds what is its own.
 */
export const RequestOutcomeSchema = z.object({
  state: z.enum(TASK_STATES),
  cost: z.number().nullable(),
  resultId: z.string().nullable(),
  problem: z.string().nullable(),
  /** `problem` as words, for the window to say in its language (absent on older files, and for the service's own text) */
  problemWords: WordsSchema.optional(),
});

/** The connection and key a run is sent and charged on: the ones active when it started (absent on older files). */
export const RunKeySchema = z.object({ connectionId: z.string(), keyId: z.string() });
export type RunKey = z.infer<typeof RunKeySchema>;

/** The fields every run's file starts with; its id names the file, and says its kind. */
export const runRecordFrame = (id: z.ZodString) => ({
  version: z.literal(1),
  id,
  name: z.string(),
  createdAt: z.number(),
  /** each request's price when planned, by index; null where none was known */
  estimates: z.array(z.number().nullable()),
  on: RunKeySchema.optional(),
});

/** A run's per-request map (`outcomes`, `attempts`) is keyed by the request's index written as a string. */
export const byRequest = <T extends z.ZodType>(value: T) => z.record(z.string().regex(/^\d+$/), value);
