import type { LibraryItem } from '../../../../shared/ipc/contract';
import { isVideo } from '../../../../shared/media/mediaType';
import { gen } from '../../api';
import { currentText } from '../../ui/i18n/textStore';
import { useLibraryStore } from '../../store/libraryStore';
import { useCanvasStore } from '../canvas/canvasStore';
import { compositeAsset } from '../staging/resultAssets';
import { useStagingStore } from '../staging/stagingStore';
import { masksResult } from '../staging/stripModel';

/** The result shown over the studio's canvas: the strip's selection once the library has filed it (before, the picture shows). */
async function shownResult(): Promise<LibraryItem | null> {
  const id = useStagingStore.getState().selectedId;
  if (!id) return null;
  const listed = useLibraryStore.getState().items.find((i) => i.id === id);
  if (listed) return listed;
  const asked = await gen.library.get({ id });
  return asked.ok ? asked.value : null;
}

/**
 * Copies what the studio shows to the system clipboard as a flat PNG, for another app to paste: the result under
 * review when one is shown over the canvas (kept inside its mask when the artist asked for that), else the picture.
 */
export async function copyPicture(): Promise<void> {
  const canvas = useCanvasStore.getState();
  const { t } = currentText();
  const say = (copied: { ok: true } | { ok: false; error: { message: string } }, text: string) =>
    canvas.say(copied.ok ? { kind: 'info', text } : { kind: 'error', text: copied.error.message });
  const shown = await shownResult();
  if (shown) {
    // a clip is refused by main in its own words (save it or drag it out)
    if (!isVideo(shown) && useStagingStore.getState().keepOutsideMask && masksResult(shown.endpointId)) {
      const kept = await compositeAsset(shown.id).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      if (typeof kept === 'string') return canvas.say({ kind: 'error', text: kept });
      return say(await gen.clipboard.copyAsset({ assetId: kept.id }), t('clipboard.copiedResult'));
    }
    return say(await gen.library.copy({ id: shown.id }), t('clipboard.copiedResult'));
  }
  const base = canvas.document.base;
  if (!base) return canvas.say({ kind: 'error', text: t('clipboard.nothingToCopy') });
  say(await gen.clipboard.copyAsset({ assetId: base.assetId }), t('clipboard.copied', { name: base.name }));
}
