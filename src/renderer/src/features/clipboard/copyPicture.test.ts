// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDocument } from '../../../../shared/canvas/document';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { DEFAULT_CANVAS_ENDPOINT, useCanvasStore } from '../canvas/canvasStore';
import { createMask } from '../canvas/mask/maskBuffer';
import { useLibraryStore } from '../../store/libraryStore';
import { useStagingStore } from '../staging/stagingStore';
import { createText, ENGLISH_TEXT } from '../../../../shared/i18n/text';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { saying, SayingError } from '../../ui/i18n/saying';
import { compositeAsset } from '../staging/resultAssets';
import { copyPicture } from './copyPicture';

const german = createText('de', await loadMessages('de'));

const copied: Array<{ asset: string } | { result: string }> = [];
const RESULT = { id: 'task-1', mime: 'image/png', endpointId: 'gen-pro-1.0-fill', fileName: 'r.png' } as unknown as LibraryItem;
vi.mock('../../api', () => ({
  gen: {
    library: {
      get: vi.fn(async ({ id }: { id: string }) => (id === RESULT.id ? { ok: true, value: RESULT } : { ok: false, error: { message: 'gone' } })),
      copy: vi.fn(async ({ id }: { id: string }) => (copied.push({ result: id }), { ok: true, value: { copied: true } })),
    },
    clipboard: { copyAsset: vi.fn(async ({ assetId }: { assetId: string }) => (copied.push({ asset: assetId }), { ok: true, value: { copied: true } })) },
  },
}));
vi.mock('../staging/resultAssets', () => ({ compositeAsset: vi.fn(async () => ({ id: 'c'.repeat(64) })) }));

const BASE = { assetId: 'a'.repeat(64), name: 'harbour.png', width: 40, height: 30 };

beforeEach(() => {
  copied.length = 0;
  useLibraryStore.setState({ items: [] });
  useStagingStore.setState({ selectedId: null, keepOutsideMask: false });
  useCanvasStore.getState().load({ ...emptyDocument(DEFAULT_CANVAS_ENDPOINT), base: BASE }, createMask(40, 30));
});

describe('Copy picture', () => {
  it('copies the picture when no result is shown over it', async () => {
    await copyPicture();
    expect(copied).toEqual([{ asset: BASE.assetId }]);
    expect(useCanvasStore.getState().message?.text(ENGLISH_TEXT)).toBe('Copied harbour.png to the clipboard.');
  });

  it('copies the result under review when one is shown over the picture', async () => {
    useStagingStore.setState({ selectedId: RESULT.id });
    await copyPicture();
    expect(copied).toEqual([{ result: RESULT.id }]);
    expect(useCanvasStore.getState().message?.text(ENGLISH_TEXT)).toBe('Copied the result to the clipboard.');
  });

  it('copies the result kept inside its mask when that is what is shown', async () => {
    useStagingStore.setState({ selectedId: RESULT.id, keepOutsideMask: true });
    await copyPicture();
    expect(copied).toEqual([{ asset: 'c'.repeat(64) }]);
  });

  it('copies the picture while the selected result is still being made (nothing is shown over it yet)', async () => {
    useStagingStore.setState({ selectedId: 'task-still-running' });
    await copyPicture();
    expect(copied).toEqual([{ asset: BASE.assetId }]);
  });
});

describe('why the kept picture could not be copied', () => {
  it('is said from the strip’s words, so it reads in German once German is chosen', async () => {
    vi.mocked(compositeAsset).mockRejectedValueOnce(new SayingError(saying('strip.composite.maskSize')));
    useStagingStore.setState({ selectedId: RESULT.id, keepOutsideMask: true });
    await copyPicture();
    expect(copied).toEqual([]);
    const message = useCanvasStore.getState().message!;
    expect(message.text(ENGLISH_TEXT)).toBe(ENGLISH_TEXT.t('strip.composite.maskSize'));
    expect(message.text(german)).toBe(german.t('strip.composite.maskSize'));
  });
});
