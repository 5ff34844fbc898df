import { useMemo } from 'react';
import { create } from 'zustand';
import { canvasUse } from '../../../../shared/canvas/request';
import { gen } from '../../api';
import { assetUrl, remember } from './assets';
import { selectEndpoint, useCanvasStore } from './canvasStore';
import { isBlank } from './mask/maskBuffer';
import { alphaPng, loadImage, maskPng } from './pixels';
import { saying, toldSaying, type Saying } from '../../ui/i18n/saying';

interface ExportState {
  /** The mask as stored assets, for the mask version they were made from. */
  readonly maskAssetId: string | null;
  readonly alphaAssetId: string | null;
  readonly version: number;
  readonly busy: boolean;
}

export const useMaskExport = create<ExportState>(() => ({ maskAssetId: null, alphaAssetId: null, version: -1, busy: false }));

export type ExportedMask = { maskAssetId?: string; alphaImageAssetId?: string };

/** The exported assets when they were made from the mask on screen (`maskVersion`), for the request. */
function exportedFor(e: Pick<ExportState, 'maskAssetId' | 'alphaAssetId' | 'version'>, maskVersion: number): ExportedMask {
  if (e.version !== maskVersion) return {};
  return { ...(e.maskAssetId ? { maskAssetId: e.maskAssetId } : {}), ...(e.alphaAssetId ? { alphaImageAssetId: e.alphaAssetId } : {}) };
}

/** The exported assets when they match the mask on screen, for the request. */
export function currentExport(): ExportedMask {
  return exportedFor(useMaskExport.getState(), useCanvasStore.getState().maskVersion);
}

/**
 * The exported mask the request names, for a component: it renders again when an export lands or the mask on
 * screen stops matching it, not at every brush stroke.
 */
export function useExportedMask(): ExportedMask {
  const maskAssetId = useMaskExport((s) => s.maskAssetId);
  const alphaAssetId = useMaskExport((s) => s.alphaAssetId);
  const version = useMaskExport((s) => s.version);
  const current = useCanvasStore((s) => s.maskVersion === version);
  return useMemo(() => exportedFor({ maskAssetId, alphaAssetId, version }, current ? version : version - 1), [maskAssetId, alphaAssetId, version, current]);
}

/**
 * Stores the mask as the endpoint will receive it: a black-and-white PNG of the image's size, or the image
 * with the mask in its alpha channel. Answers a message when something is missing.
 */
export async function exportMask(): Promise<Saying | null> {
  const s = useCanvasStore.getState();
  const { mask, document, maskVersion } = s;
  if (!mask || !document.base) return saying('canvas.mask.nothingToExport');
  if (isBlank(mask)) return saying('canvas.mask.empty');
  useMaskExport.setState({ busy: true });
  try {
    const bytes = await maskPng(mask);
    const stored = await gen.assets.import({ name: 'mask.png', bytes });
    if (!stored.ok) return toldSaying(stored.error);
    remember(stored.value);
    let alphaAssetId: string | null = null;
    const use = canvasUse(selectEndpoint(s));
    if (use.alphaMask && document.mask.exportAs === 'alpha') {
      const url = await assetUrl(document.base.assetId);
      if (!url) return saying('canvas.picture.missing');
      const withAlpha = await gen.assets.import({ name: `${document.base.name} (mask in alpha).png`, bytes: await alphaPng(await loadImage(url), mask) });
      if (!withAlpha.ok) return toldSaying(withAlpha.error);
      remember(withAlpha.value);
      alphaAssetId = withAlpha.value.id;
    }
    useMaskExport.setState({ maskAssetId: stored.value.id, alphaAssetId, version: maskVersion });
    return null;
  } finally {
    useMaskExport.setState({ busy: false });
  }
}
