import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import type { IpcResult } from '../../../../shared/ipc/result';
import { libraryItem } from '../gallery/testing/libraryItem';

const items = new Map<string, LibraryItem>();
const get = vi.fn(async ({ id }: { id: string }): Promise<IpcResult<LibraryItem>> => {
  const item = items.get(id);
  return item ? { ok: true, value: item } : { ok: false, error: { code: 'not-found', message: 'That result is no longer in the library.' } };
});
const fromLibrary = vi.fn(async ({ resultId }: { resultId: string }) => ({ ok: true as const, value: { id: `asset-${resultId}`, width: 640, height: 480 } }));
vi.mock('../../api', () => ({ gen: { library: { get: (a: { id: string }) => get(a) }, assets: { fromLibrary: (a: { resultId: string }) => fromLibrary(a) } } }));

const { batchFromGallery, videosLeftOutText } = await import('./fromGallery');
const { resetBatchDraft, useBatchDraft } = await import('./batchDraftStore');
const { useNavigationStore } = await import('../../store/navigationStore');
const { currentText, useTextStore } = await import('../../ui/i18n/textStore');

describe('a batch from the gallery’s chosen results', () => {
  beforeEach(() => {
    items.clear();
    fromLibrary.mockClear();
    resetBatchDraft();
    useNavigationStore.setState({ screenId: 'gallery' });
  });

  it('stores each chosen picture as an input, named after its file, and opens the Batch screen with them in its draft', async () => {
    for (const id of ['r1', 'r2', 'r3']) items.set(id, libraryItem({ id, fileName: `${id}.png` }));
    const handed = await batchFromGallery(['r1', 'r2', 'r3']);
    expect(handed.pictures).toEqual(['r1', 'r2', 'r3'].map((id) => ({ assetId: `asset-${id}`, name: `${id}.png`, width: 640, height: 480 })));
    expect(handed.problems).toEqual([]);
    expect(useBatchDraft.getState()).toMatchObject(handed);
    expect(useNavigationStore.getState().screenId).toBe('batch');
  });

  it('leaves videos out, saying so by name, and never stores them', async () => {
    items.set('p', libraryItem({ id: 'p', fileName: 'p.png' }));
    items.set('v', libraryItem({ id: 'v', fileName: 'clip.mp4', mime: 'video/mp4' }));
    const handed = await batchFromGallery(['p', 'v', 'gone']);
    expect(handed.pictures.map((p) => p.name)).toEqual(['p.png']);
    expect(handed.problems.map((p) => p(currentText()))).toEqual(['clip.mp4 is a video and was left out: a batch works on pictures.', 'That result is no longer in the library.']);
    // Shown in the Batch form, they are said again in the language chosen since (a refusal without words as it came).
    await useTextStore.getState().choose('de');
    try {
      expect(useBatchDraft.getState().problems.map((p) => p(currentText()))).toEqual(['clip.mp4 ist ein Video und wurde weggelassen: Ein Stapel arbeitet mit Bildern.', 'That result is no longer in the library.']);
    } finally {
      await useTextStore.getState().choose('en');
    }
    expect(fromLibrary).toHaveBeenCalledTimes(1);
  });

  it('with only videos chosen, stays in the gallery and hands nothing', async () => {
    items.set('v', libraryItem({ id: 'v', fileName: 'clip.mp4', mime: 'video/mp4' }));
    const handed = await batchFromGallery(['v']);
    expect(handed.pictures).toEqual([]);
    expect(useBatchDraft.getState().pictures).toEqual([]);
    expect(useNavigationStore.getState().screenId).toBe('gallery');
  });

  it('names at most three videos', () => {
    expect(videosLeftOutText([])).toBeNull();
    expect(videosLeftOutText(['a.mp4', 'b.mp4', 'c.mp4', 'd.mp4', 'e.mp4'])).toBe('a.mp4, b.mp4, c.mp4 and 2 more are videos and were left out: a batch works on pictures.');
  });
});
