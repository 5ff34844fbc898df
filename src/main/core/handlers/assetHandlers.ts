import type { AssetStore } from '../assets/assetStore';
import type { Library } from '../library/library';
import type { HandlersFor } from './types';

export function assetHandlers(
  assets: AssetStore,
  library: Pick<Library, 'bytesOf' | 'posterOf'>,
): HandlersFor<'assets.import' | 'assets.get' | 'assets.fromLibrary' | 'assets.downscale' | 'assets.setPoster'> {
  return {
    'assets.import': ({ name, bytes }) => assets.import(name, bytes),
    'assets.get': ({ id }) => assets.get(id),
    'assets.fromLibrary': async ({ resultId }) => {
      const { name, bytes } = await library.bytesOf(resultId);
      const asset = await assets.import(name, bytes);
      if (asset.hasPoster) return asset;
      // A video result's poster comes along, so the input shows its frame at once rather than a placeholder.
      const poster = await library.posterOf(resultId);
      return poster ? assets.setPoster(asset.id, poster) : asset;
    },
    'assets.downscale': ({ id, maxMegapixels }) => assets.downscale(id, maxMegapixels),
    'assets.setPoster': ({ id, bytes }) => assets.setPoster(id, bytes),
  };
}
