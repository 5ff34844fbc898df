import { z } from 'zod';
import { MatrixIdSchema, MatrixSpecSchema } from '../../../shared/explore/matrix';
import { MATRIX_STATUSES, ProjectIdSchema } from '../../../shared/ipc/contract';
import { requestTaskId } from '../engine/engineRuns';
import { byRequest, RequestOutcomeSchema, runRecordFrame } from '../fs/runRecord';

/** How a cell ended, with how long it took. */
const CellOutcomeSchema = RequestOutcomeSchema.extend({ seconds: z.number().nullable() });
export type CellOutcome = z.infer<typeof CellOutcomeSchema>;

/** A matrix on disk (`data/explore/<id>.json`): what was asked, its prices when planned, and each cell's end. */
export const MatrixRecordSchema = z.object({
  ...runRecordFrame(MatrixIdSchema),
  projectId: ProjectIdSchema.nullable(),
  spec: MatrixSpecSchema,
  status: z.enum(MATRIX_STATUSES),
  outcomes: byRequest(CellOutcomeSchema),
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
