import { z } from 'zod';
import { TaskRequestSchema } from '../../tasks/taskRequest';
import { call, event } from '../define';

export const SPENDING_PERIODS = ['day', 'week', 'month'] as const;
export type SpendingPeriod = (typeof SPENDING_PERIODS)[number];

/** Caps in credits for today, this week (from Monday) and this month; null means no cap. */
export const SpendingCapsSchema = z.object({
  day: z.number().positive().nullable(),
  week: z.number().positive().nullable(),
  month: z.number().positive().nullable(),
});
export type SpendingCaps = z.infer<typeof SpendingCapsSchema>;

/**
 * A task sent whose outcome is unknown (no answer was recorded): the service may have taken and charged it.
 * Counted against every cap at its estimate until the user says whether it was charged.
 */
const UnsettledTaskSchema = z.object({
  /** the ledger's id for it (a task's id, or the id of an earlier attempt of a task sent again) */
  id: z.string(),
  endpointTitle: z.string(),
  /** when it was sent */
  at: z.number(),
  /** what it is counted at; null when nothing has a price yet */
  estimate: z.number().nullable(),
});
export type UnsettledTask = z.infer<typeof UnsettledTaskSchema>;

const SpendingSummarySchema = z.object({
  /** the key (or `sandbox`) the totals belong to */
  keyId: z.string(),
  keyLabel: z.string(),
  totals: z.object({ day: z.number(), week: z.number(), month: z.number() }),
  caps: SpendingCapsSchema,
  /** the balance where the connection answers GET /v1/credits; null where it does not */
  credits: z.number().nullable(),
  creditsNote: z.string(),
  /** tasks of this key whose outcome is unknown, oldest first: counted against the caps until settled */
  unsettled: z.array(UnsettledTaskSchema),
});
export type SpendingSummary = z.infer<typeof SpendingSummarySchema>;

/** One day of the spending chart, in the user's own time zone. */
const SpendingDaySchema = z.object({
  /** the local date, YYYY-MM-DD */
  date: z.string(),
  /** local midnight that began it */
  start: z.number(),
  total: z.number(),
  /** credits per model (an endpoint's id) that day; models spent nothing on are left out */
  byModel: z.record(z.string(), z.number()),
  /** spent from the Monday of its week to the end of this day, and from the first of its month: what the weekly and monthly caps are checked against */
  weekToDate: z.number(),
  monthToDate: z.number(),
});
export type SpendingDay = z.infer<typeof SpendingDaySchema>;

/** One of the costliest runs of the period. */
const SpendingRunSchema = z.object({
  taskId: z.string(),
  endpointId: z.string(),
  modelTitle: z.string(),
  /** the start of its prompt; empty when it had none or it is no longer known */
  prompt: z.string(),
  credits: z.number(),
  at: z.number(),
  /** its result in the gallery, when it is still there */
  resultId: z.string().nullable(),
});
export type SpendingRun = z.infer<typeof SpendingRunSchema>;

/** Credits per day for the last days, per model, computed in main from the ledger (what the caps count). */
const SpendingHistorySchema = z.object({
  keyId: z.string(),
  keyLabel: z.string(),
  /** oldest first, today last */
  days: z.array(SpendingDaySchema),
  /** the models spent on in the period, costliest first */
  models: z.array(z.object({ id: z.string(), title: z.string(), total: z.number() })),
  caps: SpendingCapsSchema,
  /** costliest first */
  biggest: z.array(SpendingRunSchema),
});
export type SpendingHistory = z.infer<typeof SpendingHistorySchema>;

export const spendingCalls = {
  /** Credits per day and model for the last 30 days of a key (the active one when none is given), and its costliest runs. */
  'spending.history': call(z.object({ keyId: z.string().optional() }), SpendingHistorySchema),
  /** Totals and caps of a key (the active one when none is given), with its balance where the service tells it. */
  'spending.summary': call(z.object({ keyId: z.string().optional() }), SpendingSummarySchema),
  'spending.setCaps': call(z.object({ keyId: z.string(), caps: SpendingCapsSchema }), SpendingSummarySchema),
  /** The user says whether a task whose outcome was unknown was charged (and, if so, what it cost). */
  'spending.settle': call(z.object({ id: z.string(), charged: z.boolean(), cost: z.number().nonnegative().optional() }), SpendingSummarySchema),
};

/**
 * What one request is expected to cost with the active key (src/shared/pricing): from this key's runs of the
 * model, else the public price list, else unknown (cost null) until the service charges one. `words` says which.
 */
const SpendingEstimateSchema = z.object({
  cost: z.number().nullable(),
  basis: z.enum(['runs', 'list', 'unknown']),
  runs: z.number().int().nonnegative(),
  words: z.string(),
});
export type SpendingEstimate = z.infer<typeof SpendingEstimateSchema>;

export const spendingEstimateCalls = {
  /** The estimate for this request: its model, output size, images in and video length. */
  'spending.estimate': call(z.object({ request: TaskRequestSchema }), SpendingEstimateSchema),
};

export const spendingEvents = {
  'spending.changed': event(SpendingSummarySchema),
};
