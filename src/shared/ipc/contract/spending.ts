import { z } from 'zod';
import { WordsSchema } from '../../i18n/words';
import { TaskRequestSchema } from '../../tasks/taskRequest';
import { call, event } from '../define';
import { Credits, Moment } from './values';

export const SPENDING_PERIODS = ['day', 'week', 'month'] as const;
export type SpendingPeriod = (typeof SPENDING_PERIODS)[number];

/** A cap: at most so many credits, more than none; null means no cap. */
const cap = Credits.positive().nullable();

/** Caps for today, this week (from Monday) and this month. */
export const SpendingCapsSchema = z.object({ day: cap, week: cap, month: cap });
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
  at: Moment,
  /** what it is counted at; null when nothing has a price yet */
  estimate: Credits.nullable(),
});
export type UnsettledTask = z.infer<typeof UnsettledTaskSchema>;

/** The key (or `sandbox`) the figures belong to, and its caps. */
const ofKey = { keyId: z.string(), keyLabel: z.string(), caps: SpendingCapsSchema };

const SpendingSummarySchema = z.object({
  ...ofKey,
  totals: z.object({ day: Credits, week: Credits, month: Credits }),
  /** the balance where the connection answers GET /v1/credits; null where it does not */
  credits: Credits.nullable(),
  creditsNote: z.string(),
  /** `creditsNote` as words, said in the language on screen */
  creditsNoteWords: WordsSchema.optional(),
  /** tasks of this key whose outcome is unknown, oldest first: counted against the caps until settled */
  unsettled: z.array(UnsettledTaskSchema),
});
export type SpendingSummary = z.infer<typeof SpendingSummarySchema>;

/** One day of the spending chart, in the user's own time zone. */
const SpendingDaySchema = z.object({
  /** the local date, YYYY-MM-DD */
  date: z.string(),
  /** local midnight that began it */
  start: Moment,
  total: Credits,
  /** credits per model (an endpoint's id) that day; models spent nothing on are left out */
  byModel: z.record(z.string(), Credits),
  /** spent from the Monday of its week to the end of this day, and from the first of its month: what the weekly and monthly caps are checked against */
  weekToDate: Credits,
  monthToDate: Credits,
});
export type SpendingDay = z.infer<typeof SpendingDaySchema>;

/** One of the costliest runs of the period. */
const SpendingRunSchema = z.object({
  taskId: z.string(),
  endpointId: z.string(),
  modelTitle: z.string(),
  /** the start of its prompt; empty when it had none or it is no longer known */
  prompt: z.string(),
  credits: Credits,
  at: Moment,
  /** its result in the gallery, when it is still there */
  resultId: z.string().nullable(),
});
export type SpendingRun = z.infer<typeof SpendingRunSchema>;

/** Credits per day for the last days, per model, computed in main from the ledger (what the caps count). */
const SpendingHistorySchema = z.object({
  ...ofKey,
  /** oldest first, today last */
  days: z.array(SpendingDaySchema),
  /** the models spent on in the period, costliest first */
  models: z.array(z.object({ id: z.string(), title: z.string(), total: Credits })),
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
  'spending.settle': call(z.object({ id: z.string(), charged: z.boolean(), cost: Credits.nonnegative().optional() }), SpendingSummarySchema),
};

/**
 * What one request is expected to cost with the active key (src/shared/pricing): from this key's runs of the
 * model, else the public price list, else unknown (cost null) until the service charges one. `words` says which.
 */
const SpendingEstimateSchema = z.object({
  cost: Credits.nullable(),
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
