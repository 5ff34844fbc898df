import { z } from 'zod';
import { WordsSchema } from '../../i18n/words';
import { CapRefusalSchema } from '../../spending/capRefusal';
import { DisplayNameText } from './names';
import { MatrixIdSchema, MatrixSpecSchema } from '../../explore/matrix';
import { call, event } from '../define';
import { ProjectIdSchema } from './projects';
import { TASK_STATES } from './tasks';
import { Credits, Moment, RunTallyFields } from './values';

/** A matrix's own course: sending its cells, held by the artist, stopped, or every cell ended. */
export const MATRIX_STATUSES = ['running', 'paused', 'cancelled', 'finished'] as const;
export type MatrixStatus = (typeof MATRIX_STATUSES)[number];

/** One cell as the contact sheet shows it. `state` is `unsent` until its task exists, then the task's state. */
const MatrixCellInfoSchema = z.object({
  index: z.number().int().nonnegative(),
  state: z.enum(['unsent', ...TASK_STATES]),
  taskId: z.string().nullable(),
  /** what it was expected to cost when the matrix was planned; null when nothing like it was priced yet */
  estimate: Credits.nullable(),
  /** what the service charged, once known */
  cost: Credits.nullable(),
  /** from sending to the result saved, in seconds */
  seconds: z.number().nullable(),
  resultId: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  /** why it failed or was moderated, in words */
  problem: z.string().nullable(),
  /** `problem` as words, said in the language on screen (absent where only text is known) */
  problemWords: WordsSchema.optional(),
});
export type MatrixCellInfo = z.infer<typeof MatrixCellInfoSchema>;

const MatrixInfoSchema = z.object({
  id: MatrixIdSchema,
  name: z.string(),
  projectId: ProjectIdSchema.nullable(),
  spec: MatrixSpecSchema,
  status: z.enum(MATRIX_STATUSES),
  createdAt: Moment,
  cells: z.array(MatrixCellInfoSchema),
  ...RunTallyFields,
});
export type MatrixInfo = z.infer<typeof MatrixInfoSchema>;

/** What a matrix will cost before it is sent, cell by cell, and whether the caps let it go. */
const MatrixQuoteSchema = z.object({
  /** one estimate per cell, in the plan's order; null where nothing like it was priced yet */
  prices: z.array(Credits.nullable()),
  total: Credits,
  unpriced: z.number().int(),
  /** why the caps refuse the whole group, as data (its words: capRefusalWords); null when it keeps within them */
  refusal: CapRefusalSchema.nullable(),
});
export type MatrixQuote = z.infer<typeof MatrixQuoteSchema>;

const byId = z.object({ id: MatrixIdSchema });

export const exploreCalls = {
  /** Plans the matrix and prices each cell with the active key; says whether the caps would refuse it. Sends nothing. */
  'explore.quote': call(z.object({ spec: MatrixSpecSchema }), MatrixQuoteSchema),
  /** Checks the whole matrix against the caps as one group, saves it, then sends its cells through the task queue. */
  'explore.start': call(z.object({ spec: MatrixSpecSchema, projectId: ProjectIdSchema.nullable(), name: DisplayNameText(200).optional() }), MatrixInfoSchema),
  /** The matrices saved with a project (every one when projectId is undefined), newest first. */
  'explore.list': call(z.object({ projectId: ProjectIdSchema.nullable().optional() }), z.array(MatrixInfoSchema)),
  'explore.get': call(byId, MatrixInfoSchema),
  /** No new cell is sent; the ones on their way finish. */
  'explore.pause': call(byId, MatrixInfoSchema),
  'explore.resume': call(byId, MatrixInfoSchema),
  /** The cells not sent yet are dropped and those waiting in the queue cancelled (nothing was sent for them). */
  'explore.cancel': call(byId, MatrixInfoSchema),
  /** The contact sheet as one PNG, labelled, with the matrix in its metadata; main asks where to save it. */
  'explore.export': call(byId, z.object({ saved: z.boolean(), fileName: z.string().nullable() })),
};

export const exploreEvents = {
  /** A matrix started, paused, resumed, cancelled or finished (its cells as they stand). */
  'explore.changed': event(MatrixInfoSchema),
  /** One cell moved on. */
  'explore.cell': event(z.object({ matrixId: z.string(), cell: MatrixCellInfoSchema })),
};
