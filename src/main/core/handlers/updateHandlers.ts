import type { UpdateService } from '../updates/updateService';
import type { HandlersFor } from './types';

type UpdateCall = 'updates.status' | 'updates.setEnabled' | 'updates.check' | 'updates.download' | 'updates.install';

export function updateHandlers(updates: UpdateService): HandlersFor<UpdateCall> {
  return {
    'updates.status': async () => updates.status(),
    'updates.setEnabled': async ({ enabled }) => updates.setEnabled(enabled),
    'updates.check': () => updates.check(),
    'updates.download': () => updates.download(),
    'updates.install': async () => updates.install(),
  };
}
