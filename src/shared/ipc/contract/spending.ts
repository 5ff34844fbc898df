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
export const UnsettledTaskSchema = z.object({
  /** the ledger's id for it (a task's id, or the id of an earlier attempt of a task sent again) */
  id: z.string(),
  endpointTitle: z.string(),
  /** when it was sent */
  at: z.number(),
  /** what it is counted at; null when nothing has a price yet */
  estimate: z.number().nullable(),
});
export type UnsettledTask = z.infer<typeof UnsettledTaskSchema>;

export const SpendingSummarySchema = z.object({
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

export const spendingCalls = {
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
export const SpendingEstimateSchema = z.object({
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
