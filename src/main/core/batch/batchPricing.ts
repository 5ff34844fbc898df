import { planBatch, type BatchItem, type BatchSpec } from '../../../shared/batch/plan';
import { findEndpoint } from '../../../shared/catalog/catalog';
import type { BatchQuote } from '../../../shared/ipc/contract';
import { SPENDING_PERIODS } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { expectedUsage, type Usage } from '../../../shared/pricing/usage';
import { matrixRefusal } from '../explore/exploreService';
import type { BatchDeps } from './batchService';

/** A batch planned, priced and checked against the spending caps as one group, before anything is sent. */

type PricingDeps = Pick<BatchDeps, 'spending' | 'engine'>;

const round = (n: number) => Math.round(n * 100) / 100;

/** What a batch would cost, and why the caps would refuse it (null: they would not). */
export function quoteBatch(d: PricingDeps, spec: BatchSpec): BatchQuote {
  const items = planOrRefuse(spec);
  const prices = batchPrices(d, spec, items);
  let refusal: string | null = null;
  try {
    checkBatchCaps(d, spec, items, prices);
  } catch (error) {
    refusal = error instanceof Error ? error.message : String(error);
  }
  return { count: items.length, prices, total: round(prices.reduce<number>((s, p) => s + (p ?? 0), 0)), unpriced: prices.filter((p) => p === null).length, refusal, outputNames: items.map((i) => i.outputStem) };
}

export function planOrRefuse(spec: BatchSpec): BatchItem[] {
  const planned = planBatch(spec);
  if (!planned.ok) throw new IpcFailure('validation', planned.problem);
  return planned.items;
}

function usageOf(spec: BatchSpec, item: BatchItem): Usage | undefined {
  const endpoint = findEndpoint(item.endpointId);
  if (!endpoint) return undefined;
  const sizes = new Map([...spec.pictures, ...(spec.mask ? [spec.mask] : []), ...(spec.partner ? [spec.partner] : [])].map((p) => [p.assetId, p]));
  const picture = spec.pictures[item.picture]!;
  const inputs = Object.fromEntries(Object.entries(item.inputs).map(([field, assetId]) => [field, { assetId }]));
  if (item.scaledMask) inputs[item.scaledMask.field] = { assetId: picture.assetId };
  return expectedUsage(endpoint, { params: item.params, inputs }, (id) => {
    const p = sizes.get(id);
    return p ? { width: p.width, height: p.height, hasAlpha: false } : undefined;
  });
}

export function batchPrices(d: PricingDeps, spec: BatchSpec, items: readonly BatchItem[]): (number | null)[] {
  const keyId = d.spending.activeKeyId();
  return items.map((i) => d.spending.estimate(keyId, i.endpointId, usageOf(spec, i))?.cost ?? null);
}

/** The caps see the whole batch as one group (as Explore's matrix): refused before anything is sent. */
export function checkBatchCaps(d: PricingDeps, spec: BatchSpec, items: readonly BatchItem[], prices: ReadonlyArray<number | null>): void {
  const keyId = d.spending.activeKeyId();
  const caps = d.spending.caps(keyId);
  if (!SPENDING_PERIODS.some((p) => caps[p] !== null)) return;
  if (prices.some((p) => p === null)) {
    const title = findEndpoint(spec.endpointId)?.title ?? spec.endpointId;
    throw new IpcFailure(
      'spending-cap',
      `Not sent: “${title}” has no price yet for “${d.spending.keyLabel(keyId)}”, so Gen Studio cannot tell whether ${items.length} pictures keep within your caps. Run it on one picture first, then the batch.`,
    );
  }
  const last = items[items.length - 1]!;
  const others = prices.slice(0, -1).reduce<number>((s, p) => s + (p ?? 0), 0);
  const reserved = d.engine.reservation(keyId);
  try {
    d.spending.check(keyId, last.endpointId, usageOf(spec, last), { amount: reserved.amount + others, unpriced: reserved.unpriced });
  } catch (error) {
    if (error instanceof IpcFailure && error.code === 'spending-cap') {
      const words = matrixRefusal(error.message, items.length, others + (prices[prices.length - 1] ?? 0)).replace('take out some choices, models or seeds', 'choose fewer pictures');
      throw new IpcFailure('spending-cap', words);
    }
    throw error;
  }
}
