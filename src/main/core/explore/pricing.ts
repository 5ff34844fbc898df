import { findEndpoint } from '../../../shared/catalog/catalog';
import type { JsonValue } from '../../../shared/catalog/field';
import { expectedUsage, type Usage } from '../../../shared/pricing/usage';
import type { SpendingService } from '../spending/spendingService';

export type CellPricing = Pick<SpendingService, 'estimate'>;

/** What one cell is expected to be priced on: its model's output size from its own parameters; no picture goes in. */
export function cellUsage(endpointId: string, params: Readonly<Record<string, JsonValue>>): Usage | undefined {
  const endpoint = findEndpoint(endpointId);
  return endpoint ? expectedUsage(endpoint, { params: params as Record<string, JsonValue>, inputs: {} }, () => undefined) : undefined;
}

/**
 * What one cell is expected to cost with a key: the one place Explore asks for a price, through the same price
 * model as the studio and the caps (this model, at this cell's size).
 */
export function cellEstimate(spending: CellPricing, keyId: string, endpointId: string, params: Readonly<Record<string, JsonValue>>): number | null {
  return spending.estimate(keyId, endpointId, cellUsage(endpointId, params))?.cost ?? null;
}
