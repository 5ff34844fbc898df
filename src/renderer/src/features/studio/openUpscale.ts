import type { LibraryItem } from '../../../../shared/ipc/contract';
import { chooseResult } from '../upscale/upscaleSource';
import { useUpscaleStore, type UpscaleNote } from '../upscale/upscaleStore';
import { openStudio } from './openStudio';

/** "Upscale" on a video result (strip, gallery): the studio opens on Upscale video with the result as the source. */
export async function openUpscale(item: LibraryItem): Promise<UpscaleNote | null> {
  await chooseResult(item);
  openStudio({ intent: 'upscale-video' });
  const refused = useUpscaleStore.getState().refused;
  return refused ? { kind: 'error', text: refused.problems.join(' ') } : null;
}
