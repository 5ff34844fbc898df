import type { LibraryItem } from '../../../../shared/ipc/contract';
import { chooseResult } from '../upscale/upscaleSource';
import { currentText } from '../../ui/i18n/textStore';
import { useUpscaleStore } from '../upscale/upscaleStore';
import { openStudio } from './openStudio';

/** "Upscale" on a video result (strip, gallery): the studio opens on Upscale video with the result as the source. */
export async function openUpscale(item: LibraryItem): Promise<{ readonly kind: 'error'; readonly text: string } | null> {
  await chooseResult(item);
  openStudio({ intent: 'upscale-video' });
  const refused = useUpscaleStore.getState().refused;
  // said now: the strip's and the gallery's notes keep text
  return refused ? { kind: 'error', text: refused.problems(currentText()).join(' ') } : null;
}
