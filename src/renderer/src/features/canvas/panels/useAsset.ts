import { useEffect, useState } from 'react';
import type { AssetInfo } from '../../../../../shared/ipc/contract';
import { assetInfo } from '../assets';

/** An asset's stored facts (its preview address above all), loaded once. */
export function useAsset(id: string | null | undefined): AssetInfo | null {
  const [info, setInfo] = useState<AssetInfo | null>(null);
  useEffect(() => {
    let live = true;
    if (id) void assetInfo(id).then((a) => live && setInfo(a));
    return () => {
      live = false;
    };
  }, [id]);
  return info && info.id === id ? info : null;
}
