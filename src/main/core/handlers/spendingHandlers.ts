import type { SpendingRun } from '../../../shared/ipc/contract';
import { basisWords } from '../../../shared/pricing/priceModel';
import type { TaskEngine } from '../engine/taskEngine';
import { account } from '../i18n/accountRefusals';
import { refusedWith } from '../i18n/refusal';
import { capsLifted, type ConfirmCapChange } from '../spending/capChange';
import type { ConfirmSettle } from '../spending/settleConfirm';
import type { SpendingService } from '../spending/spendingService';
import type { HandlersFor } from './types';

export function spendingHandlers(
  spending: SpendingService,
  changed: (keyId: string) => void,
  dialogs: { readonly confirmCapChange?: ConfirmCapChange | undefined; readonly confirmSettle?: ConfirmSettle | undefined },
  describe: (taskId: string, endpointId: string) => Pick<SpendingRun, 'prompt' | 'resultId'>,
): HandlersFor<'spending.summary' | 'spending.history' | 'spending.setCaps' | 'spending.settle'> {
  return {
    'spending.history': async ({ keyId }) => spending.history(keyId, describe),
    'spending.summary': ({ keyId }) => spending.summary(keyId),
    'spending.setCaps': async ({ keyId, caps }) => {
      // Raising or removing a cap is the user's word in main's own dialog, never the renderer's (issue 23).
      const lifted = capsLifted(spending.caps(keyId), caps);
      if (lifted.length > 0) {
        if (!dialogs.confirmCapChange) throw refusedWith('conflict', account.capNeedsDialog);
        const yes = await dialogs.confirmCapChange({ keyLabel: spending.keyLabel(keyId), changes: lifted });
        if (!yes) throw refusedWith('conflict', account.capNotConfirmed);
      }
      spending.setCaps(keyId, caps);
      changed(keyId);
      return spending.summary(keyId);
    },
    // The user says whether a task whose outcome was unknown was charged; answers with that key's summary.
    'spending.settle': async ({ id, charged, cost }) => {
      // Counting a task lower than it is held at is the user's word in main's own dialog, as raising a cap is.
      const question = spending.settleQuestion(id, charged, cost);
      if (question) {
        if (!dialogs.confirmSettle) throw refusedWith('conflict', account.settleNeedsDialog);
        if (!(await dialogs.confirmSettle(question))) throw refusedWith('conflict', account.settleNotConfirmed);
      }
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
