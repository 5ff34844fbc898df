import { z } from 'zod';
import { BatchSpecSchema } from '../../../shared/batch/plan';
import { BATCH_STATUSES, TASK_STATES } from '../../../shared/ipc/contract';
import { requestTaskId } from '../fs/engineRuns';

/** How one request of the batch ended, kept on the batch so its list stays whole after the queue is cleared. */
export const ItemOutcomeSchema = z.object({
  state: z.enum(TASK_STATES),
  cost: z.number().nullable(),
  resultId: z.string().nullable(),
  problem: z.string().nullable(),
  /** the file written in the output folder (its name only) */
  file: z.string().nullable(),
});
export type ItemOutcome = z.infer<typeof ItemOutcomeSchema>;

/** A batch on disk (`data/batches/<id>.json`): what was asked, its prices when planned, each request's end. */
export const BatchRecordSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^bt-[0-9a-f-]{36}$/),
  name: z.string(),
  spec: BatchSpecSchema,
  status: z.enum(BATCH_STATUSES),
  createdAt: z.number(),
  /** when its first request went, and when the last was retried: the time left is estimated from there */
  startedAt: z.number(),
  estimates: z.array(z.number().nullable()),
  /** by request index */
  outcomes: z.record(z.string().regex(/^\d+$/), ItemOutcomeSchema),
  /** by request index: how many times it was sent again after failing (each attempt is a task of its own) */
  attempts: z.record(z.string().regex(/^\d+$/), z.number().int().nonnegative()).default({}),
});
export type BatchRecord = z.infer<typeof BatchRecordSchema>;

/** A request's task id (see `requestTaskId`): each attempt is a task of its own. */
export function itemTaskId(batchId: string, index: number, attempt: number): string {
  return requestTaskId(batchId, index, attempt);
}

const ITEM_TASK = /^([0-9a-f]{12})-(bt-[0-9a-f-]{36})-(\d{1,4})-(\d{1,2})$/;
export function itemOfTask(taskId: string): { batchId: string; index: number; attempt: number } | null {
  const m = ITEM_TASK.exec(taskId);
  if (!m) return null;
  const at = { batchId: m[2]!, index: Number(m[3]), attempt: Number(m[4]) };
  return itemTaskId(at.batchId, at.index, at.attempt) === taskId ? at : null;
}
