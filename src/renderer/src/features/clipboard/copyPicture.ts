import type { LibraryItem } from '../../../../shared/ipc/contract';
import { isVideo } from '../../../../shared/media/mediaType';
import { gen } from '../../api';
import type { IpcError } from '../../../../shared/ipc/result';
import { errorSaying, saying, toldSaying, type Saying } from '../../ui/i18n/saying';
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
  const say = (copied: { ok: true } | { ok: false; error: IpcError }, text: Saying) => canvas.say(copied.ok ? { kind: 'info', text } : { kind: 'error', text: toldSaying(copied.error) });
  const shown = await shownResult();
  if (shown) {
    // a clip is refused by main in its own words (save it or drag it out)
    if (!isVideo(shown) && useStagingStore.getState().keepOutsideMask && masksResult(shown.endpointId)) {
      const kept = await compositeAsset(shown.id).catch((error: unknown) => errorSaying(error));
      // why the kept picture could not be made, in the strip's composite's words
      if (typeof kept === 'function') return canvas.say({ kind: 'error', text: kept });
      return say(await gen.clipboard.copyAsset({ assetId: kept.id }), saying('clipboard.copiedResult'));
    }
    return say(await gen.library.copy({ id: shown.id }), saying('clipboard.copiedResult'));
  }
  const base = canvas.document.base;
  if (!base) return canvas.say({ kind: 'error', text: saying('clipboard.nothingToCopy') });
  say(await gen.clipboard.copyAsset({ assetId: base.assetId }), saying('clipboard.copied', { name: base.name }));
}
