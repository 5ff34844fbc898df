import type { JsonValue } from '../../../shared/catalog/field';
import type { SpendingService } from '../spending/spendingService';

export type CellPricing = Pick<SpendingService, 'estimate'>;

/**
 * What one cell is expected to cost with a key: the one place Explore asks for a price. Today that is the
 * spending service's estimate for the model (what it cost last time); the request's parameters are passed so a
 * price model that reads them (size, steps) can answer here without changing any caller.
 */
export function cellEstimate(spending: CellPricing, keyId: string, endpointId: string, _params: Readonly<Record<string, JsonValue>>): number | null {
  return spending.estimate(keyId, endpointId)?.cost ?? null;
}
