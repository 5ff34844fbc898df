import type { SpendingService } from '../spending/spendingService';
import type { HandlersFor } from './types';

export function spendingHandlers(
  spending: SpendingService,
  changed: (keyId: string) => void,
): HandlersFor<'spending.summary' | 'spending.setCaps' | 'spending.settle'> {
  return {
    'spending.summary': ({ keyId }) => spending.summary(keyId),
    'spending.setCaps': async ({ keyId, caps }) => {
      spending.setCaps(keyId, caps);
      changed(keyId);
      return spending.summary(keyId);
    },
    // The user says whether a task whose outcome was unknown was charged; answers with that key's summary.
    'spending.settle': async ({ id, charged, cost }) => {
      const { keyId } = await spending.settle(id, charged, cost);
      changed(keyId);
      return spending.summary(keyId);
    },
  };
}

export function estimateHandlers(spending: SpendingService): HandlersFor<'spending.estimate'> {
  return {
    'spending.estimate': async ({ endpointId }) => {
      const estimate = spending.estimate(spending.activeKeyId(), endpointId);
      return { cost: estimate?.cost ?? null, basis: estimate?.basis ?? null };
    },
  };
}
