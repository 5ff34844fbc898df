import { z } from 'zod';

/**
 * What the service said a task costs: the price it quoted when it accepted the task, with the megapixels it counted,
 * and a video's settled price from its final answer. A task's view, its record and its result all carry these.
 */
export const QuoteSchema = z.object({ cost: z.number().nullable(), inputMp: z.number().nullable(), outputMp: z.number().nullable() });
export type Quote = z.infer<typeof QuoteSchema>;

export const ChargeSchema = QuoteSchema.extend({ settledCost: z.number().nullable() });
export type Charge = z.infer<typeof ChargeSchema>;

/** A task's charge from the quote the service gave when it accepted it (none yet: every figure unknown). */
export const chargeOf = (quote: Quote | null, settledCost: number | null): Charge => ({
  cost: quote?.cost ?? null,
  inputMp: quote?.inputMp ?? null,
  outputMp: quote?.outputMp ?? null,
  settledCost,
});

/** What a task cost, as the artist is told: the settled price once known, else the quoted one. */
export const chargedCost = (c: Pick<Charge, 'cost' | 'settledCost'>): number | null => c.settledCost ?? c.cost;
