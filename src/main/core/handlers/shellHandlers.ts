import { IpcFailure } from '../../../shared/ipc/result';
import type { CoreDeps } from '../deps';
import { isSafeExternalUrl } from '../externalLinks';
import type { HandlersFor } from './types';

export function shellHandlers(deps: Pick<CoreDeps, 'openExternal' | 'log'>): HandlersFor<'shell.openExternal'> {
  return {
    'shell.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) {
        deps.log.warn('refused to open an external link', { url: url.slice(0, 200) });
        throw new IpcFailure('invalid-request', 'Only https links to public sites open in your browser.');
      }
      await deps.openExternal(url);
      return { opened: true };
    },
  };
}
