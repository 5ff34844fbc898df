import type { AssetStore } from '../assets/assetStore';
import type { DesktopShell } from '../deps';
import { asPng } from '../library/metadata/embed';
import type { HandlersFor } from './types';

export function clipboardHandlers(assets: Pick<AssetStore, 'bytes' | 'get' | 'import'>, desktop: Pick<DesktopShell, 'copyImage' | 'readImage'>): HandlersFor<'clipboard.copyAsset' | 'clipboard.readImage'> {
  return {
    'clipboard.copyAsset': async ({ assetId }) => {
      await assets.get(assetId);
      await desktop.copyImage(await asPng(await assets.bytes(assetId)));
      return { copied: true };
    },
    'clipboard.readImage': async () => {
      const png = await desktop.readImage();
      return { asset: png ? await assets.import('pasted picture.png', png) : null };
    },
  };
}
