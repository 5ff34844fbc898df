import { z } from 'zod';
import { BatchIdSchema, BatchSpecSchema } from '../../../shared/batch/plan';
import { BATCH_STATUSES } from '../../../shared/ipc/contract';
import { requestTaskId } from '../engine/engineRuns';
import { byRequest, RequestOutcomeSchema, runRecordFrame } from '../fs/runRecord';

/** How one request of the batch ended, with the file it wrote in the output folder (its name only). */
export const ItemOutcomeSchema = RequestOutcomeSchema.extend({ file: z.string().nullable() });
export type ItemOutcome = z.infer<typeof ItemOutcomeSchema>;

/** A batch on disk (`data/batches/<id>.json`): what was asked, its prices when planned, each request's end. */
export const BatchRecordSchema = z.object({
  ...runRecordFrame(BatchIdSchema),
  spec: BatchSpecSchema,
  status: z.enum(BATCH_STATUSES),
  /** when its first request went, and when the last was retried: the time left is estimated from there */
  startedAt: z.number(),
  outcomes: byRequest(ItemOutcomeSchema),
  /** how many times each request was sent again after failing (each attempt is a task of its own) */
  attempts: byRequest(z.number().int().nonnegative()).default({}),
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
