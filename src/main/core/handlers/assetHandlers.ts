import type { AssetStore } from '../assets/assetStore';
import type { Library } from '../library/library';
import type { HandlersFor } from './types';

export function assetHandlers(
  assets: AssetStore,
  library: Pick<Library, 'bytesOf'>,
): HandlersFor<'assets.import' | 'assets.get' | 'assets.fromLibrary' | 'assets.downscale'> {
  return {
    'assets.import': ({ name, bytes }) => assets.import(name, bytes),
    'assets.get': ({ id }) => assets.get(id),
    'assets.fromLibrary': async ({ resultId }) => {
      const { name, bytes } = await library.bytesOf(resultId);
      return assets.import(name, bytes);
    },
    'assets.downscale': ({ id, maxMegapixels }) => assets.downscale(id, maxMegapixels),
  };
}
