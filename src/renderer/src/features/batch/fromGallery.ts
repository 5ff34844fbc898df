import type { BatchPicture } from '../../../../shared/batch/plan';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { useNavigationStore } from '../../store/navigationStore';
import { isVideo } from '../../../../shared/media/mediaType';
import { batchDraft } from './batchDraftStore';
import { currentText } from '../../ui/i18n/textStore';
import { sayTold } from '../../../../shared/i18n/say';
import { toldSaying, type Saying } from '../../ui/i18n/saying';

/** Pictures chosen in the gallery for a batch, and what could not come, said in the language on screen. */
export interface HandedPictures {
  readonly pictures: readonly BatchPicture[];
  readonly problems: readonly Saying[];
}

/** Why chosen videos stay out of a batch, naming them (a batch's tools all work on pictures). */
export function videosLeftOutText(names: readonly string[], text = currentText()): string | null {
  if (names.length === 0) return null;
  const listed = names.length > 3 ? text.t('batch.namesAndMore', { names: names.slice(0, 3).join(', '), count: names.length - 3 }) : names.join(', ');
  return text.t('batch.videosLeftOut', { names: listed, count: names.length });
}

/** Stores each chosen picture result as an input; videos and results that cannot be read are said in words. */
export async function picturesOfResults(items: readonly LibraryItem[]): Promise<HandedPictures> {
  const pictures: BatchPicture[] = [];
  const problems: Saying[] = [];
  const videos: string[] = [];
  for (const item of items) {
    if (isVideo(item)) {
      videos.push(item.fileName);
      continue;
    }
    const stored = await gen.assets.fromLibrary({ resultId: item.id });
    if (!stored.ok) {
      const { error } = stored;
      problems.push((text) => text.t('batch.fileProblem', { name: item.fileName, problem: sayTold(text, error) }));
    }
    else pictures.push({ assetId: stored.value.id, name: item.fileName, width: stored.value.width, height: stored.value.height });
  }
  const leftOut: Saying = (text) => videosLeftOutText(videos, text) ?? '';
  return { pictures, problems: videos.length > 0 ? [leftOut, ...problems] : problems };
}

/** Batch… on the gallery's selection: its pictures join the batch being prepared and the Batch screen opens. */
export async function batchFromGallery(ids: readonly string[]): Promise<HandedPictures> {
  const items: LibraryItem[] = [];
  const problems: Saying[] = [];
  for (const id of ids) {
    const got = await gen.library.get({ id });
    if (got.ok) items.push(got.value);
    else problems.push(toldSaying(got.error));
  }
  const handed = await picturesOfResults(items);
  const all = { pictures: handed.pictures, problems: [...handed.problems, ...problems] };
  if (all.pictures.length > 0) {
    batchDraft.add(all.pictures, all.problems);
    useNavigationStore.getState().show('batch');
  }
  return all;
}
