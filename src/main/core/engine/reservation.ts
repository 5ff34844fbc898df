import type { Reservation, SpendingService } from '../spending/spendingService';
import type { TaskRecord } from './taskRecord';
import { FINAL_STATES } from './taskView';

/**
 * What tasks of a key still on their way, and not in the ledger, are estimated to cost: those not yet
 * accepted, and those the service accepted without a price (a video is priced only when it ends).
 */
export function reserved(records: Iterable<TaskRecord>, spending: SpendingService, keyId: string, except?: string): Reservation {
  let amount = 0;
  let unpriced = 0;
  for (const r of records) {
    if (r.keyId !== keyId || r.id === except || FINAL_STATES.has(r.state)) continue;
    if (r.remote && (r.remote.cost !== null || r.settledCost !== null)) continue;
    const estimate = spending.estimate(keyId, r.request.endpointId);
    if (estimate) amount += estimate.cost;
    else unpriced++;
  }
  return { amount, unpriced };
}
