import { z } from 'zod';
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

export const SpendingSummarySchema = z.object({
  /** the key (or `sandbox`) the totals belong to */
  keyId: z.string(),
  keyLabel: z.string(),
  totals: z.object({ day: z.number(), week: z.number(), month: z.number() }),
  caps: SpendingCapsSchema,
  /** the balance where the connection answers GET /v1/credits; null where it does not */
  credits: z.number().nullable(),
  creditsNote: z.string(),
});
export type SpendingSummary = z.infer<typeof SpendingSummarySchema>;

export const spendingCalls = {
  /** Totals and caps of a key (the active one when none is given), with its balance where the service tells it. */
  'spending.summary': call(z.object({ keyId: z.string().optional() }), SpendingSummarySchema),
  'spending.setCaps': call(z.object({ keyId: z.string(), caps: SpendingCapsSchema }), SpendingSummarySchema),
};

/** What a request is expected to cost with the active key, from what the service charged before; null when it never priced one like it. */
export const SpendingEstimateSchema = z.object({ cost: z.number().nullable(), basis: z.enum(['same-endpoint', 'same-class']).nullable() });
export type SpendingEstimate = z.infer<typeof SpendingEstimateSchema>;

export const spendingEstimateCalls = {
  'spending.estimate': call(z.object({ endpointId: z.string().min(1).max(200) }), SpendingEstimateSchema),
};

export const spendingEvents = {
  'spending.changed': event(SpendingSummarySchema),
};
