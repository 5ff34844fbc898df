import { z } from 'zod';
import { WordsSchema } from '../../i18n/words';
import { ChargeSchema } from '../../library/charge';
import { TaskRequestSchema } from '../../tasks/taskRequest';
import { call, event } from '../define';
import { ValidationIssueSchema } from '../result';
import { ProjectIdSchema } from './projects';
import { Moment } from './values';

/**
 * Where a task stands.
 * - `ready-to-send`: prepared while the connection did not answer; goes out when it does (or on request)
 * - `queued`: waiting for a free slot under the per-key concurrency cap
 * - `waiting`: the service asked to wait (429) or failed (5xx) before accepting it; tried again at `nextAttemptAt`
 * - `submitting`: the request is on its way
 * - `outcome-unknown`: sent, but no answer arrived; it may or may not exist (and be charged) on the service
 * - `running`: accepted; Gen Studio polls it
 * - `downloading`: ready; the result is being saved to the library
 * - `webhook`: accepted; the service delivers the result to the task's webhook, not to Gen Studio
 */
export const TASK_STATES = [
  'ready-to-send',
  'queued',
  'waiting',
  'submitting',
  'outcome-unknown',
  'running',
  'downloading',
  'done',
  'failed',
  'moderated',
  'cancelled',
  'webhook',
] as const;
export type TaskState = (typeof TASK_STATES)[number];

const TASK_ERROR_CODES = [
  /** the service (or main's own check) refused the request; `issues` carry `loc` back to the form */
  'validation',
  'bad-request',
  'too-large',
  'key-rejected',
  'no-credits',
  'spending-cap',
  'rate-limited',
  'server-error',
  'network',
  'timed-out',
  /** the service ended the task with Error or Failed */
  'service-error',
  /** the service no longer knows the task */
  'not-found',
  'result-expired',
  /** the result did not decode */
  'bad-result',
  /** an address Gen Studio refuses to send the key to */
  'insecure',
  'missing-input',
  'no-key',
  'internal',
  /** Gen Studio stopped twice in a row while fetching or reading the result: it is not tried again by itself */
  'set-aside',
] as const;

export const TaskErrorSchema = z.object({
  code: z.enum(TASK_ERROR_CODES),
  message: z.string(),
  /** `message` as words, said in the language on screen; absent on older records and on text given as it is */
  words: WordsSchema.optional(),
  issues: z.array(ValidationIssueSchema).optional(),
});
export type TaskError = z.infer<typeof TaskErrorSchema>;

/** What the user must read and accept before an action on the task; null when there is nothing to warn of. */
const warning = z.string().nullable();
const nullableNumber = z.number().nullable();

/** Variations made by one press of Generate: the group's id, this task's place in it (from 0), and its size. */
/** Results made together and stacked in the gallery: the variations of one Generate (up to 8), or one batch (up to its size). */
export const TaskGroupSchema = z.object({ id: z.string().min(1).max(100), index: z.number().int().nonnegative(), count: z.number().int().min(1).max(2000) });

/**
 * Where a task was asked for: the studio's Generate (and the gallery's Rerun and Variations, which send the same
 * way), a cell of an Explore matrix, or a request of a Batch. The studio's strip holds only `generate` tasks:
 * Explore's results live on its sheet, Batch's in its list, and both in the gallery.
 */
export const TASK_ORIGINS = ['generate', 'explore', 'batch'] as const;
export const TaskOriginSchema = z.enum(TASK_ORIGINS);
export type TaskOrigin = z.infer<typeof TaskOriginSchema>;

/** How many variations one press of Generate may make. */
export const MAX_VARIATIONS = 8;

const TaskInfoSchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  state: z.enum(TASK_STATES),
  /** the service's own status word, shown as it is (including values the app does not know) */
  serviceStatus: z.string().nullable(),
  progress: nullableNumber,
  /** what is happening, in words: "Retrying after a server error (2 of 6)" */
  detail: z.string().nullable(),
  /** `detail` as words, said in the language on screen (absent on older records, which hold only `detail`) */
  detailWords: WordsSchema.optional(),
  params: z.record(z.string(), z.json()),
  inputAssetIds: z.array(z.string()),
  createdAt: Moment,
  updatedAt: Moment,
  submittedAt: nullableNumber,
  finishedAt: nullableNumber,
  nextAttemptAt: nullableNumber,
  remoteId: z.string().nullable(),
  /** quoted on acceptance, and a video's settled cost from its final polling answer */
  ...ChargeSchema.shape,
  moderationReasons: z.array(z.string()),
  error: TaskErrorSchema.nullable(),
  resultId: z.string().nullable(),
  connectionLabel: z.string(),
  keyLabel: z.string().nullable(),
  /** the key the task is sent with: its place in line is among that key's waiting tasks (shared/tasks/queueOrder) */
  keyId: z.string(),
  canCancel: z.boolean(),
  cancelWarning: warning,
  cancelWarningWords: WordsSchema.optional(),
  canRetry: z.boolean(),
  /** set when a retry may be charged twice */
  retryWarning: warning,
  retryWarningWords: WordsSchema.optional(),
  canSend: z.boolean(),
  /** the project the task was generated from, so the studio shows that project's results */
  projectId: ProjectIdSchema.nullable(),
  group: TaskGroupSchema.nullable(),
  origin: TaskOriginSchema,
});
export type TaskInfo = z.infer<typeof TaskInfoSchema>;

export const taskCalls = {
  /** Validates again in main, checks the spending caps, records the task on disk, then sends it. */
  'tasks.submit': call(TaskRequestSchema, TaskInfoSchema),
  /**
   * One press of Generate with `count` variations: checks the spending caps against the whole group's estimate
   * before any is sent, then submits each with its own seed (where the endpoint takes one), grouped.
   */
  'tasks.submitGroup': call(
    z.object({ request: TaskRequestSchema, count: z.number().int().min(1).max(MAX_VARIATIONS), projectId: ProjectIdSchema.nullable() }),
    z.array(TaskInfoSchema),
  ),
  'tasks.list': call(z.undefined(), z.array(TaskInfoSchema)),
  /** Stops waiting for a task; the service may still finish and charge for one it accepted. */
  'tasks.cancel': call(z.object({ id: z.string() }), TaskInfoSchema),
  /** Tries again; a task whose first sending may have reached the service needs `acceptDoubleCharge`. */
  'tasks.retry': call(z.object({ id: z.string(), acceptDoubleCharge: z.boolean().optional() }), TaskInfoSchema),
  /** Sends tasks that are ready to send now (all of them when no ids are given). */
  'tasks.send': call(z.object({ ids: z.array(z.string()).optional() }), z.object({ sent: z.number().int() })),
  /** Removes a finished task from the queue; its result stays in the library and its cost in the totals. */
  'tasks.clear': call(z.object({ id: z.string() }), z.object({ removed: z.boolean() })),
};

export const taskEvents = {
  'tasks.updated': event(TaskInfoSchema),
  'tasks.removed': event(z.object({ id: z.string() })),
};
