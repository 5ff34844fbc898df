import type { CapRefusal } from '../../../shared/spending/capRefusal';
import { capFailure, type CapAsk, type SpendingService } from '../spending/spendingService';
import type { TaskEngine } from './taskEngine';

export interface CapCheckDeps {
  readonly engine: Pick<TaskEngine, 'reservation'>;
  readonly spending: Pick<SpendingService, 'activeKeyId' | 'refusal'>;
}

/**
 * The one check of a group asked for at once (variations, an Explore matrix, a batch) against the active key's
 * caps: the whole group at its estimate, on top of what was spent, what is held while its outcome is unknown,
 * and what the key's tasks already on their way are expected to cost. Null when it keeps within them.
 */
export function groupRefusal(d: CapCheckDeps, ask: CapAsk): CapRefusal | null {
  const keyId = d.spending.activeKeyId();
  return d.spending.refusal(keyId, ask, d.engine.reservation(keyId));
}

/** `groupRefusal`, thrown as the call's failure: nothing of the group is sent. */
export function checkGroup(d: CapCheckDeps, ask: CapAsk): void {
  const refusal = groupRefusal(d, ask);
  if (refusal) throw capFailure(refusal);
}
