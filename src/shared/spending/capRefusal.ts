import { z } from 'zod';
import { SPENDING_PERIODS } from '../ipc/contract/spending';
import { Credits } from '../ipc/contract/values';

/**
 * Why the spending caps refuse what was asked, as data (issue 30, point 8): main decides once, over the whole
 * group asked for, and the words are made from this where they are shown (capRefusalWords.ts), so nothing
 * parses or edits a sentence, and a later translation has the figures, not English, to work from.
 */

/** What was asked for at once: one request, a press of Generate with variations, an Explore matrix, a batch. */
export const CAP_GROUPS = ['request', 'variations', 'matrix', 'batch'] as const;
export type CapGroup = (typeof CAP_GROUPS)[number];

const count = z.number().int().nonnegative();
const Period = z.enum(SPENDING_PERIODS);
const Spent = z.object({ day: Credits, week: Credits, month: Credits });
/** tasks of the key whose outcome is unknown: counted as spent, at `amount`, until the artist settles them */
const Held = z.object({ count, amount: Credits });
const ofKey = { keyLabel: z.string(), spent: Spent };
const Limits = z.array(z.object({ period: Period, limit: Credits })).min(1);

export const CapRefusalSchema = z.discriminatedUnion('kind', [
  /** what was asked, at its estimate, would take a cap past its limit */
  z.object({
    kind: z.literal('crossed'),
    ...ofKey,
    period: Period,
    limit: Credits,
    held: Held,
    /** what tasks of the key already on their way, not yet priced by the service, are expected to cost */
    onTheWay: Credits,
    asked: z.object({
      what: z.enum(CAP_GROUPS),
      count: count.min(1),
      /** the whole group's estimate */
      cost: Credits,
      /** each request's estimate, when they are all alike (one model, one size), and where it comes from */
      each: z.object({ cost: Credits, basis: z.enum(['runs', 'list']), runs: count }).nullable(),
    }),
  }),
  /** nothing prices the request yet, and a cap has no room left for the one that would learn its price */
  z.object({ kind: z.literal('reached'), ...ofKey, period: Period, limit: Credits, held: Held }),
  /** tasks still on their way have no price, so nothing can be checked until they finish */
  z.object({ kind: z.literal('unpriced-on-the-way'), ...ofKey, limits: Limits, count: count.min(1) }),
  /** tasks whose outcome is unknown have no price, so nothing can be checked until they are settled */
  z.object({ kind: z.literal('unpriced-held'), ...ofKey, limits: Limits, count: count.min(1) }),
  /** a group of several asks for models nothing prices yet: one request of each is sent first */
  z.object({ kind: z.literal('group-unpriced'), keyLabel: z.string(), what: z.enum(CAP_GROUPS), count: count.min(1), models: z.array(z.string()).min(1) }),
]);
export type CapRefusal = z.infer<typeof CapRefusalSchema>;
