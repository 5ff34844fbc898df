import type { Reservation, SpendingService } from '../spending/spendingService';
import type { TaskRecord } from './taskRecord';
import { ENDED_STATES } from '../../../shared/tasks/taskStates';

/**
 * What tasks of a key still on their way, and not in the ledger, are estimated to cost: those not yet
 * accepted (but not those a paused run holds), those the service accepted without a price (a video is priced only when it ends), and those whose
 * outcome is unknown that the ledger could not take.
 */
export function reserved(records: Iterable<TaskRecord>, spending: SpendingService, inLedger: (taskId: string) => boolean, keyId: string, except?: string): Reservation {
  let amount = 0;
  let unpriced = 0;
  for (const r of records) {
    if (r.keyId !== keyId || r.id === except) continue;
    // A paused run's held task was not sent and goes only on Resume, which asks the caps about it then.
    if (r.held) continue;
    // An outcome-unknown task is held in the ledger until settled; one the ledger could not take is held here.
    if (ENDED_STATES.has(r.state) && !(r.state === 'outcome-unknown' && !inLedger(r.id))) continue;
    if (r.remote && (r.remote.cost !== null || r.settledCost !== null)) continue;
    const estimate = spending.estimate(keyId, r.request.endpointId, r.usage);
    if (estimate) amount += estimate.cost;
    else unpriced++;
  }
  return { amount, unpriced };
}
