import { account } from '../i18n/accountRefusals';
import { refusedWith } from '../i18n/refusal';
import type { CoreDeps } from '../deps';
import { isSafeExternalUrl } from '../externalLinks';
import type { HandlersFor } from './types';

export function shellHandlers(deps: Pick<CoreDeps, 'openExternal' | 'log'>): HandlersFor<'shell.openExternal'> {
  return {
    'shell.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) {
        deps.log.warn('refused to open an external link', { url: url.slice(0, 200) });
        throw refusedWith('invalid-request', account.linkRefused);
      }
      await deps.openExternal(url);
      return { opened: true };
    },
  };
}
