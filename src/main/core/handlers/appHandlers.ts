import { IpcFailure } from '../../../shared/ipc/result';
import type { AssetStore } from '../assets/assetStore';
import type { Library } from '../library/library';
import type { CoreDeps } from '../deps';
import { isSafeExternalUrl } from '../externalLinks';
import type { HandlersFor } from './types';

export function appHandlers(deps: CoreDeps): HandlersFor<'app.info' | 'shell.openExternal'> {
  return {
    'app.info': async () => ({ name: 'Gen Studio', version: deps.version, runner: deps.runner, platform: deps.platform }),
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

export function assetHandlers(assets: AssetStore, library: Pick<Library, 'bytesOf'>): HandlersFor<'assets.import' | 'assets.get' | 'assets.fromLibrary'> {
  return {
    'assets.import': ({ name, bytes }) => assets.import(name, bytes),
    'assets.get': ({ id }) => assets.get(id),
    'assets.fromLibrary': async ({ resultId }) => {
      const { name, bytes } = await library.bytesOf(resultId);
      return assets.import(name, bytes);
    },
  };
}
