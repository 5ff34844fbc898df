import { basisWords } from '../../../shared/pricing/priceModel';
import type { TaskEngine } from '../engine/taskEngine';
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

export function estimateHandlers(spending: SpendingService, engine: Pick<TaskEngine, 'expectedUsage'>): HandlersFor<'spending.estimate'> {
  return {
    'spending.estimate': async ({ request }) => {
      const usage = await engine.expectedUsage(request);
      const quote = spending.quote(spending.activeKeyId(), request.endpointId, usage);
      return { ...quote, words: basisWords(quote) };
    },
  };
}
