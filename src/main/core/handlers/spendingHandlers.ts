import type { SpendingRun } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { basisWords } from '../../../shared/pricing/priceModel';
import type { TaskEngine } from '../engine/taskEngine';
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
        if (!dialogs.confirmCapChange) throw new IpcFailure('conflict', 'Raising or removing a spending cap needs your confirmation in a dialog this window cannot show. The caps are unchanged.');
        const yes = await dialogs.confirmCapChange({ keyLabel: spending.keyLabel(keyId), changes: lifted });
        if (!yes) throw new IpcFailure('conflict', 'The caps are unchanged: raising or removing them was not confirmed.');
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
        if (!dialogs.confirmSettle) throw new IpcFailure('conflict', 'Counting a task as not charged needs your confirmation in a dialog this window cannot show. It still counts against your caps.');
        if (!(await dialogs.confirmSettle(question))) throw new IpcFailure('conflict', 'It still counts against your caps: counting it lower was not confirmed.');
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
