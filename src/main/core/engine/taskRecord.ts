import { z } from 'zod';
import { BATCH_ID_PREFIX } from '../../../shared/batch/plan';
import { MATRIX_ID_PREFIX } from '../../../shared/explore/matrix';
import { ProjectIdSchema, TASK_STATES, TaskErrorSchema, TaskGroupSchema, TaskOriginSchema, type TaskError, type TaskOrigin } from '../../../shared/ipc/contract';
import { told } from '../../../shared/i18n/say';
import { WordsSchema, type Words } from '../../../shared/i18n/words';
import { QuoteSchema } from '../../../shared/library/charge';
import { UsageSchema } from '../../../shared/pricing/usage';
import { TaskRequestSchema } from '../../../shared/tasks/taskRequest';

/** What the service told us when it accepted the task. */
const RemoteTaskSchema = QuoteSchema.extend({
  id: z.string(),
  pollingUrl: z.string().nullable(),
  acceptedAt: z.number(),
});

/**
 * A task as it is kept on disk, one file each, written atomically at every change of state and always
 * before the request it describes goes out.
 */
export const TaskRecordSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  // A project id an older version accepted in another form is dropped, never the record (issue 23).
  request: TaskRequestSchema.extend({ projectId: ProjectIdSchema.optional().catch(undefined) }),
  connectionId: z.string(),
  connectionLabel: z.string(),
  /** the key it is sent and charged with (`sandbox` for the built-in connection) */
  keyId: z.string(),
  keyLabel: z.string().nullable(),
  state: z.enum(TASK_STATES),
  createdAt: z.number(),
  updatedAt: z.number(),
  submittedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  nextAttemptAt: z.number().nullable(),
  /** tries of the current step (sending, polling, downloading); reset when the step succeeds */
  attempts: z.number().int().nonnegative(),
  /** 429s in a row */
  rateLimited: z.number().int().nonnegative(),
  remote: RemoteTaskSchema.nullable(),
  serviceStatus: z.string().nullable(),
  /** the last progress the service reported, 0 to 1 */
  progress: z.number().nullable().default(null),
  /** what is happening, as words; a record from before message ids holds their English text */
  detail: z.union([z.string(), WordsSchema]).nullable(),
  /** polls so far of this remote task (the schedule itself follows the time since acceptance) */
  polls: z.number().int().nonnegative(),
  /** when the current stretch of polling began: the time limit counts from here */
  pollingSince: z.number().nullable(),
  notFound: z.number().int().nonnegative(),
  sampleUrl: z.string().nullable(),
  readyAt: z.number().nullable(),
  /** times the result address was asked for again after it failed */
  sampleRefreshes: z.number().int().nonnegative(),
  resultSeed: z.number().nullable(),
  settledCost: z.number().nullable(),
  moderationReasons: z.array(z.string()),
  error: TaskErrorSchema.nullable(),
  resultId: z.string().nullable(),
  /** the user cancelled while the request was on its way */
  cancelRequested: z.boolean(),
  /** the run it belongs to (a batch, a matrix) is paused: not sent until it is resumed (absent on older records) */
  held: z.boolean().default(false),
  /** earlier service task ids of this record, when it was sent again */
  previousRemoteIds: z.array(z.string()),
  /** the project it was generated from, and its place among the variations of one Generate (absent on older records) */
  projectId: ProjectIdSchema.nullable().default(null).catch(null),
  group: TaskGroupSchema.nullable().default(null),
  /** where it was asked for (absent on older records: see `originOf`) */
  origin: TaskOriginSchema.optional(),
  /** what the app expected the request to be priced on when it was made (absent on older records) */
  usage: UsageSchema.optional(),
  /** runs that began the download step and did not finish it (a crash mid-step): see `crashGuard.ts` */
  stepCrashes: z.number().int().nonnegative().default(0),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;

/** A task's detail as a record holds it: words, English text (older records), or none. */
export type TaskDetail = Words | string | null;

/** A task's error as the engine's steps give it: its words (or text given as it is, such as a caught error's). */
export type SaidError = Omit<TaskError, 'message' | 'words'> & { readonly message: Words | string };

/** The error as it is recorded and shown: its English for the log and older readers, and its words. */
export const taskError = ({ message, ...rest }: SaidError): TaskError => (typeof message === 'string' ? { ...rest, message } : { ...rest, ...told(message) });

/** Who a new task is for and what it asks; everything else of a record starts at nothing done yet. */
export type NewTask = Pick<TaskRecord, 'id' | 'request' | 'connectionId' | 'connectionLabel' | 'keyId' | 'keyLabel' | 'state' | 'createdAt' | 'detail'> &
  Partial<Pick<TaskRecord, 'projectId' | 'group' | 'origin' | 'usage'>>;

/** A task record before any attempt: one definition of the starting state, for the engine and for tests. */
export function newTaskRecord(task: NewTask): TaskRecord {
  return {
    version: 1,
    ...task,
    updatedAt: task.createdAt,
    submittedAt: null,
    finishedAt: null,
    nextAttemptAt: null,
    attempts: 0,
    rateLimited: 0,
    remote: null,
    serviceStatus: null,
    progress: null,
    polls: 0,
    pollingSince: null,
    notFound: 0,
    sampleUrl: null,
    readyAt: null,
    sampleRefreshes: 0,
    resultSeed: null,
    settledCost: null,
    moderationReasons: [],
    error: null,
    resultId: null,
    cancelRequested: false,
    held: false,
    previousRemoteIds: [],
    projectId: task.projectId ?? null,
    group: task.group ?? null,
    ...(task.origin !== undefined ? { origin: task.origin } : {}),
    stepCrashes: 0,
  };
}

/** A run's request task id (`requestTaskId`): a hash, the run's id, the request's place (and for a batch, the attempt). */
const RUN_TASK_ID = new RegExp(`^[0-9a-f]{12}-(${MATRIX_ID_PREFIX}|${BATCH_ID_PREFIX})[0-9a-f-]{36}(-\\d+){1,2}$`);

/**
 * Where a task was asked for. Records written before the origin was kept are known by their id: a matrix cell's
 * and a batch request's name their run, anything else was a Generate.
 */
export function originOf(r: Pick<TaskRecord, 'id' | 'origin'>): TaskOrigin {
  if (r.origin !== undefined) return r.origin;
  const run = RUN_TASK_ID.exec(r.id)?.[1];
  return run === MATRIX_ID_PREFIX ? 'explore' : run === BATCH_ID_PREFIX ? 'batch' : 'generate';
}
