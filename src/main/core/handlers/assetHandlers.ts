import { findEndpoint } from '../../../shared/catalog/catalog';
import { ENGLISH_TEXT } from '../../../shared/i18n/text';
import { inputName } from '../../../shared/video/clipName';
import type { AssetStore } from '../assets/assetStore';
import type { LayeredIntakeService } from '../layers/layeredIntake';
import type { Library } from '../library/library';
import type { HandlersFor } from './types';

export function assetHandlers(
  assets: AssetStore,
  library: Pick<Library, 'bytesOf' | 'posterOf' | 'get'>,
  /** the intake that reads layered files before the asset store sees them (src/main/core/layers/layeredIntake.ts) */
  intake: Pick<LayeredIntakeService, 'import'>,
): HandlersFor<'assets.import' | 'assets.get' | 'assets.fromLibrary' | 'assets.downscale' | 'assets.setPoster'> {
  return {
    'assets.import': ({ name, bytes }) => intake.import(name, bytes),
    'assets.get': ({ id }) => assets.get(id),
    'assets.fromLibrary': async ({ resultId }) => {
      const { bytes } = await library.bytesOf(resultId);
      // Named as the artist knows the result, not by its file (whose name carries the model's id).
      const item = library.get(resultId);
      const asset = await assets.import(inputName(item, findEndpoint(item.endpointId)?.title ?? ENGLISH_TEXT.t('task.unknownModel'), ENGLISH_TEXT), bytes);
      if (asset.hasPoster) return asset;
      // A video result's poster comes along, so the input shows its frame at once rather than a placeholder.
      const poster = await library.posterOf(resultId);
      return poster ? assets.setPoster(asset.id, poster) : asset;
    },
    'assets.downscale': ({ id, maxMegapixels }) => assets.downscale(id, maxMegapixels),
    'assets.setPoster': ({ id, bytes }) => assets.setPoster(id, bytes),
  };
}
