import { useEffect, useState } from 'react';
import { assetInfo } from '../canvas/assets';

/** The preview address of a stored input, once known (null while it loads or when it is gone). */
export function useAssetThumbnail(assetId: string | null): string | null {
  const [found, setFound] = useState<{ id: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!assetId) return;
    let live = true;
    void assetInfo(assetId).then((asset) => live && setFound({ id: assetId, url: asset ? (asset.thumbnailUrl ?? asset.url) : null }));
    return () => {
      live = false;
    };
  }, [assetId]);
  return found && found.id === assetId ? found.url : null;
}
