import type { SpendingService } from '../spending/spendingService';
import type { HandlersFor } from './types';

export function spendingHandlers(spending: SpendingService, changed: (keyId: string) => void): HandlersFor<'spending.summary' | 'spending.setCaps'> {
  return {
    'spending.summary': ({ keyId }) => spending.summary(keyId),
    'spending.setCaps': async ({ keyId, caps }) => {
      spending.setCaps(keyId, caps);
      changed(keyId);
      return spending.summary(keyId);
    },
  };
}
