import { z } from 'zod';
import { MatrixSpecSchema } from '../../../shared/explore/matrix';
import { MATRIX_STATUSES, ProjectIdSchema, TASK_STATES } from '../../../shared/ipc/contract';
import { requestTaskId } from '../fs/engineRuns';

/** How a cell ended, kept on the matrix so the sheet stays whole after its tasks are cleared from the queue. */
const CellOutcomeSchema = z.object({
  state: z.enum(TASK_STATES),
  cost: z.number().nullable(),
  seconds: z.number().nullable(),
  resultId: z.string().nullable(),
  problem: z.string().nullable(),
});
export type CellOutcome = z.infer<typeof CellOutcomeSchema>;

/** A matrix on disk (`data/explore/<id>.json`): what was asked, its prices when planned, and each cell's end. */
export const MatrixRecordSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^mx-[0-9a-f-]{36}$/),
  name: z.string(),
  projectId: ProjectIdSchema.nullable(),
  spec: MatrixSpecSchema,
  status: z.enum(MATRIX_STATUSES),
  createdAt: z.number(),
  estimates: z.array(z.number().nullable()),
  /** by cell index */
  outcomes: z.record(z.string().regex(/^\d+$/), CellOutcomeSchema),
});
export type MatrixRecord = z.infer<typeof MatrixRecordSchema>;

/** A cell's task id (see `requestTaskId`). */
export function cellTaskId(matrixId: string, index: number): string {
  return requestTaskId(matrixId, index);
}

const CELL_TASK = /^([0-9a-f]{12})-(mx-[0-9a-f-]{36})-(\d{1,4})$/;
export function cellOfTask(taskId: string): { matrixId: string; index: number } | null {
  const m = CELL_TASK.exec(taskId);
  if (!m) return null;
  const at = { matrixId: m[2]!, index: Number(m[3]) };
  return cellTaskId(at.matrixId, at.index) === taskId ? at : null;
}
