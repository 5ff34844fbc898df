import { planBatch, type BatchItem, type BatchSettings } from '../../../shared/batch/plan';
import { findEndpoint } from '../../../shared/catalog/catalog';
import type { BatchQuote } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { expectedUsage, type Usage } from '../../../shared/pricing/usage';
import { checkGroup, groupRefusal } from '../engine/capCheck';
import type { CapAsk } from '../spending/spendingService';
import type { BatchDeps } from './batchService';

/** A batch planned, priced and checked against the spending caps as one group, before anything is sent. */

type PricingDeps = Pick<BatchDeps, 'spending' | 'engine'>;

const round = (n: number) => Math.round(n * 100) / 100;

/** What a batch would cost, and why the caps would refuse it (null: they would not). */
export function quoteBatch(d: PricingDeps, spec: BatchSettings): BatchQuote {
  const items = planOrRefuse(spec);
  const prices = batchPrices(d, spec, items);
  const refusal = groupRefusal(d, capAsk(spec, items));
  return { count: items.length, prices, total: round(prices.reduce<number>((s, p) => s + (p ?? 0), 0)), unpriced: prices.filter((p) => p === null).length, refusal, outputNames: items.map((i) => i.outputStem) };
}

export function planOrRefuse(spec: BatchSettings): BatchItem[] {
  const planned = planBatch(spec);
  if (!planned.ok) throw new IpcFailure('validation', planned.problem);
  return planned.items;
}

function usageOf(spec: BatchSettings, item: BatchItem): Usage | undefined {
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

export function batchPrices(d: PricingDeps, spec: BatchSettings, items: readonly BatchItem[]): (number | null)[] {
  const keyId = d.spending.activeKeyId();
  return items.map((i) => d.spending.estimate(keyId, i.endpointId, usageOf(spec, i))?.cost ?? null);
}

/** The caps see the whole batch as one group (capCheck.ts, as Explore's matrix): refused before anything is sent. */
export function checkBatchCaps(d: PricingDeps, spec: BatchSettings, items: readonly BatchItem[]): void {
  checkGroup(d, capAsk(spec, items));
}

function capAsk(spec: BatchSettings, items: readonly BatchItem[]): CapAsk {
  return { what: 'batch', requests: items.map((i) => ({ endpointId: i.endpointId, usage: usageOf(spec, i) })) };
}
