import type { BatchService } from '../batch/batchService';
import type { DesktopShell } from '../deps';
import type { HandlersFor } from './types';

type BatchCalls = 'batch.quote' | 'batch.start' | 'batch.list' | 'batch.pause' | 'batch.resume' | 'batch.cancel' | 'batch.retry' | 'batch.chooseFolder';

export function batchHandlers(batches: BatchService, desktop: Pick<DesktopShell, 'chooseFolder'>): HandlersFor<BatchCalls> {
  return {
    'batch.quote': ({ spec }) => batches.quote(spec),
    'batch.start': ({ spec }) => batches.startBatch(spec),
    'batch.list': async () => batches.list(),
    'batch.pause': ({ id }) => batches.pause(id),
    'batch.resume': ({ id }) => batches.resume(id),
    'batch.cancel': ({ id }) => batches.cancel(id),
    'batch.retry': ({ id, index, acceptDoubleCharge }) => batches.retry(id, index, acceptDoubleCharge),
    // Main asks and keeps the path; the renderer gets a handle to name it by (batch.start takes nothing else).
    'batch.chooseFolder': async () => {
      const path = await desktop.chooseFolder({ title: 'Where the batch writes its pictures' });
      return { folder: path ? batches.folderChosen(path) : null };
    },
  };
}
