import { z } from 'zod';
import { WordsSchema } from '../../i18n/words';
import { CapRefusalSchema } from '../../spending/capRefusal';
import { BATCH_TOOLS, BatchAskSchema, BatchIdSchema, BatchSettingsSchema, FolderHandleSchema } from '../../batch/plan';
import { call, event } from '../define';
import { TASK_STATES } from './tasks';
import { Credits, Moment, RunTallyFields } from './values';

export const BATCH_STATUSES = ['running', 'paused', 'cancelled', 'finished'] as const;

/** One picture of a batch (in one format) as it stands. */
export const BatchItemInfoSchema = z.object({
  index: z.number().int().nonnegative(),
  /** the source's file name */
  source: z.string(),
  format: z.string().nullable(),
  /** the file it is written as, once written; else the name it will have, without its extension */
  outputName: z.string(),
  state: z.union([z.enum(TASK_STATES), z.literal('unsent')]),
  estimate: Credits.nullable(),
  cost: Credits.nullable(),
  /** why it failed or was moderated, in words */
  problem: z.string().nullable(),
  /** `problem` as words, said in the language on screen (absent where only text is known) */
  problemWords: WordsSchema.optional(),
  resultId: z.string().nullable(),
  /** sent again after failing: how many times */
  retries: z.number().int().nonnegative(),
  /** set when its Retry may be charged twice: the artist is asked first (the queue's rule, for its task) */
  retryWarning: z.string().nullable(),
  /** `retryWarning` as words (the queue's question, for its task), said in the language on screen */
  retryWarningWords: WordsSchema.optional(),
  /** the name it was meant to have, when the folder already had a file of that name and it was written as the next free one */
  renamedFrom: z.string().nullable(),
});
export type BatchItemInfo = z.infer<typeof BatchItemInfoSchema>;

/** How many of the batch's pictures are in each state. */
const count = z.number().int().nonnegative();

export const BatchInfoSchema = z.object({
  id: BatchIdSchema,
  /** its name in English (the record's, the log's); the window says it from `tool` and `pictures` */
  name: z.string(),
  /** how many pictures it was given (each may make several results) */
  pictures: z.number().int().nonnegative(),
  tool: z.enum(BATCH_TOOLS),
  endpointId: z.string(),
  outputDir: z.string(),
  status: z.enum(BATCH_STATUSES),
  createdAt: Moment,
  items: z.array(BatchItemInfoSchema),
  done: count,
  failed: count,
  left: count,
  ...RunTallyFields,
  /** estimated from the pictures done so far; null until one is */
  secondsLeft: z.number().nullable(),
});
export type BatchInfo = z.infer<typeof BatchInfoSchema>;

export const BatchQuoteSchema = z.object({
  count: z.number().int().nonnegative(),
  /** what each request is expected to cost; null where nothing prices it yet */
  prices: z.array(Credits.nullable()),
  total: Credits,
  unpriced: z.number().int().nonnegative(),
  /** why the caps refuse the whole group, as data (its words: capRefusalWords); null when it keeps within them */
  refusal: CapRefusalSchema.nullable(),
  /** the files it writes, in order */
  outputNames: z.array(z.string()),
});
export type BatchQuote = z.infer<typeof BatchQuoteSchema>;

const byId = z.object({ id: BatchIdSchema });

export const batchCalls = {
  /** The batch's size, prices, total and whether the caps allow it; nothing is sent. */
  'batch.quote': call(z.object({ spec: BatchSettingsSchema }), BatchQuoteSchema),
  /** Saves the batch and starts sending it; refused before anything goes when its total crosses a cap. */
  'batch.start': call(z.object({ spec: BatchAskSchema }), BatchInfoSchema),
  'batch.list': call(z.undefined(), z.array(BatchInfoSchema)),
  'batch.pause': call(byId, BatchInfoSchema),
  'batch.resume': call(byId, BatchInfoSchema),
  /** Cancels what has not been sent; what is on its way finishes. */
  'batch.cancel': call(byId, BatchInfoSchema),
  /** Sends one failed or moderated picture again, alone; refused (conflict) with its `retryWarning` unless accepted. */
  'batch.retry': call(byId.extend({ index: z.number().int().nonnegative(), acceptDoubleCharge: z.boolean().optional() }), BatchInfoSchema),
  /** Main's folder dialog: where the results are written; null when it was closed without a choice. */
  'batch.chooseFolder': call(z.undefined(), z.object({ folder: z.object({ handle: FolderHandleSchema, path: z.string() }).nullable() })),
};

export const batchEvents = {
  'batch.changed': event(BatchInfoSchema),
};
