import { planBatch, type BatchItem, type BatchSettings } from '../../../shared/batch/plan';
import type { BatchQuote } from '../../../shared/ipc/contract';
import type { Usage } from '../../../shared/pricing/usage';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import { checkGroup, groupRefusal } from '../engine/capCheck';
import { refusedWith } from '../i18n/refusal';
import type { CapAsk } from '../spending/spendingService';
import type { BatchDeps } from './batchService';

/** A batch planned, priced and checked against the spending caps as one group, before anything is sent. */

type PricingDeps = Pick<BatchDeps, 'spending' | 'engine'>;

const round = (n: number) => Math.round(n * 100) / 100;

/** What a batch would cost, and why the caps would refuse it (null: they would not). */
export async function quoteBatch(d: PricingDeps, spec: BatchSettings): Promise<BatchQuote> {
  const items = planOrRefuse(spec);
  const usages = await usagesOf(d, items);
  const prices = batchPrices(d, items, usages);
  const refusal = groupRefusal(d, capAsk(items, usages));
  return { count: items.length, prices, total: round(prices.reduce<number>((s, p) => s + (p ?? 0), 0)), unpriced: prices.filter((p) => p === null).length, refusal, outputNames: items.map((i) => i.outputStem) };
}

export function planOrRefuse(spec: BatchSettings): BatchItem[] {
  const planned = planBatch(spec);
  if (!planned.ok) throw refusedWith('validation', planned.said);
  return planned.items;
}

/**
 * What each request will be priced on, worked out as the studio's price is (`engine.expectedUsage`): from the
 * pictures as stored, never from the sizes the renderer says they have. The scaled mask is not made yet; it
 * will have its picture's size, so the picture stands in for it.
 */
export function usagesOf(d: PricingDeps, items: readonly BatchItem[]): Promise<Usage[]> {
  return Promise.all(
    items.map((item) => {
      const inputs: TaskRequest['inputs'] = Object.fromEntries(Object.entries(item.inputs).map(([field, assetId]) => [field, { assetId }]));
      const picture = Object.values(item.inputs)[0];
      if (item.scaledMask && picture) inputs[item.scaledMask.field] = { assetId: picture };
      return d.engine.expectedUsage({ endpointId: item.endpointId, params: item.params, inputs });
    }),
  );
}

/** Each request's price from the one price model (src/shared/pricing) the studio's estimate comes from. */
export function batchPrices(d: PricingDeps, items: readonly BatchItem[], usages: readonly Usage[]): (number | null)[] {
  const keyId = d.spending.activeKeyId();
  return items.map((i, n) => d.spending.estimate(keyId, i.endpointId, usages[n])?.cost ?? null);
}

/** The caps see the whole batch as one group (capCheck.ts, as Explore's matrix): refused before anything is sent. */
export function checkBatchCaps(d: PricingDeps, items: readonly BatchItem[], usages: readonly Usage[]): void {
  checkGroup(d, capAsk(items, usages));
}

function capAsk(items: readonly BatchItem[], usages: readonly Usage[]): CapAsk {
  return { what: 'batch', requests: items.map((i, n) => ({ endpointId: i.endpointId, usage: usages[n] })) };
}
