import type { SpendingService } from '../spending/spendingService';
import type { HandlersFor } from './types';

/** The user says whether a task whose outcome was unknown was charged; answers with that key's summary. */
export function spendingSettleHandler(spending: SpendingService, changed: (keyId: string) => void): HandlersFor<'spending.settle'> {
  return {
    'spending.settle': async ({ id, charged, cost }) => {
      const { keyId } = await spending.settle(id, charged, cost);
      changed(keyId);
      return spending.summary(keyId);
    },
  };
}
