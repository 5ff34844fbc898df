import type { LibraryItem } from '../../../../shared/ipc/contract';
import { chooseResult } from '../upscale/upscaleSource';
import type { Note } from '../../ui/i18n/saying';
import { useUpscaleStore } from '../upscale/upscaleStore';
import { openStudio } from './openStudio';

/** "Upscale" on a video result (strip, gallery): the studio opens on Upscale video with the result as the source. */
export async function openUpscale(item: LibraryItem): Promise<Note | null> {
  await chooseResult(item);
  openStudio({ intent: 'upscale-video' });
  const refused = useUpscaleStore.getState().refused;
  return refused ? { kind: 'error', text: (text) => text.sentences(refused.problems(text)) } : null;
}
