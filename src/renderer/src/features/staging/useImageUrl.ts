import { useEffect, useState } from 'react';
import { assetInfo } from '../canvas/assets';
import { compositeAsset } from './resultAssets';

/** A stored image's address and preview, once known. */
export function useAsset(assetId: string | null): { url: string; thumbnailUrl: string } | null {
  const [found, setFound] = useState<{ id: string; url: string; thumbnailUrl: string } | null>(null);
  useEffect(() => {
    if (!assetId) return;
    let live = true;
    void assetInfo(assetId).then((info) => {
      if (live && info) setFound({ id: assetId, url: info.url, thumbnailUrl: info.thumbnailUrl });
    });
    return () => {
      live = false;
    };
  }, [assetId]);
  return found && found.id === assetId ? found : null;
}

export type CompositeState = { readonly status: 'idle' } | { readonly status: 'working' } | { readonly status: 'ready'; readonly url: string } | { readonly status: 'failed'; readonly message: string };

/** The result kept inside its mask, made when it is first wanted. */
export function useComposite(resultId: string | null, wanted: boolean): CompositeState {
  const [state, setState] = useState<{ id: string; value: CompositeState } | null>(null);
  useEffect(() => {
    if (!resultId || !wanted) return;
    let live = true;
    compositeAsset(resultId).then(
      (asset) => live && setState({ id: resultId, value: { status: 'ready', url: asset.url } }),
      (error: unknown) => live && setState({ id: resultId, value: { status: 'failed', message: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      live = false;
    };
  }, [resultId, wanted]);
  if (!resultId || !wanted) return { status: 'idle' };
  // Until this result's composite answers, it is being made.
  return state?.id === resultId ? state.value : { status: 'working' };
}
