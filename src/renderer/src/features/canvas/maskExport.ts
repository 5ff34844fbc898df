import { create } from 'zustand';
import { canvasUse } from '../../../../shared/canvas/request';
import { gen } from '../../api';
import { assetUrl, remember } from './assets';
import { selectEndpoint, useCanvasStore } from './canvasStore';
import { isBlank } from './mask/maskBuffer';
import { alphaPng, loadImage, maskPng } from './pixels';

interface ExportState {
  /** The mask as stored assets, for the mask version they were made from. */
  readonly maskAssetId: string | null;
  readonly alphaAssetId: string | null;
  readonly version: number;
  readonly busy: boolean;
}

export const useMaskExport = create<ExportState>(() => ({ maskAssetId: null, alphaAssetId: null, version: -1, busy: false }));

/** The exported assets when they match the mask on screen, for the request. */
export function currentExport(): { maskAssetId?: string; alphaImageAssetId?: string } {
  const e = useMaskExport.getState();
  if (e.version !== useCanvasStore.getState().maskVersion) return {};
  return { ...(e.maskAssetId ? { maskAssetId: e.maskAssetId } : {}), ...(e.alphaAssetId ? { alphaImageAssetId: e.alphaAssetId } : {}) };
}

/**
 * Stores the mask as the endpoint will receive it: a black-and-white PNG of the image's size, or the image
 * with the mask in its alpha channel. Answers a message when something is missing.
 */
export async function exportMask(): Promise<string | null> {
  const s = useCanvasStore.getState();
  const { mask, document, maskVersion } = s;
  if (!mask || !document.base) return 'Open a picture and paint a mask first.';
  if (isBlank(mask)) return 'The mask is empty: paint where the picture should change.';
  useMaskExport.setState({ busy: true });
  try {
    const bytes = await maskPng(mask);
    const stored = await gen.assets.import({ name: 'mask.png', bytes });
    if (!stored.ok) return stored.error.message;
    remember(stored.value);
    let alphaAssetId: string | null = null;
    const use = canvasUse(selectEndpoint(s));
    if (use.alphaMask && document.mask.exportAs === 'alpha') {
      const url = await assetUrl(document.base.assetId);
      if (!url) return 'The picture’s stored file is missing.';
      const withAlpha = await gen.assets.import({ name: `${document.base.name} (mask in alpha).png`, bytes: await alphaPng(await loadImage(url), mask) });
      if (!withAlpha.ok) return withAlpha.error.message;
      remember(withAlpha.value);
      alphaAssetId = withAlpha.value.id;
    }
    useMaskExport.setState({ maskAssetId: stored.value.id, alphaAssetId, version: maskVersion });
    return null;
  } finally {
    useMaskExport.setState({ busy: false });
  }
}
