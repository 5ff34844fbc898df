import type { CanvasDocument, PictureVersion } from '../../../../shared/canvas/document';

/** The project's earlier pictures as listed: newest first, never the picture it has now. */
export function listedVersions(document: Pick<CanvasDocument, 'base' | 'versions'>): PictureVersion[] {
  const seen = new Set<string>();
  return (document.versions ?? []).filter((v) => {
    if (v.image.assetId === document.base?.assetId || seen.has(v.image.assetId)) return false;
    seen.add(v.image.assetId);
    return true;
  });
}
