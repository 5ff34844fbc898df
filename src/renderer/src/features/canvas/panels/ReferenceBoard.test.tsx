// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDocument } from '../../../../../shared/canvas/document';
import type { AssetInfo, LibraryPage, LibraryQuery } from '../../../../../shared/ipc/contract';
import type { IpcResult } from '../../../../../shared/ipc/result';
import { useLibraryStore } from '../../../store/libraryStore';
import { libraryItem } from '../../gallery/testing/libraryItem';
import { useCanvasStore } from '../canvasStore';
import { ReferenceBoard } from './ReferenceBoard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A library of 200 pictures, newest first (p0 the newest), answering each page as main does. */
const library = Array.from({ length: 200 }, (_, n) => libraryItem({ id: `p${n}`, thumbnailUrl: `gen-media://thumb/p${n}`, createdAt: 1_000_000 - n, savedAt: 1_000_000 - n }));
const chosen = vi.hoisted(() => [] as string[]);
vi.mock('../../../api', () => ({
  gen: {
    library: {
      page: async (a: { query: LibraryQuery; offset: number; limit: number }): Promise<IpcResult<LibraryPage>> => ({
        ok: true,
        value: { total: library.length, all: library.length, offset: a.offset, items: library.slice(a.offset, a.offset + a.limit), stacks: {} },
      }),
    },
    assets: {
      fromLibrary: async ({ resultId }: { resultId: string }): Promise<IpcResult<AssetInfo>> => {
        chosen.push(resultId);
        const asset = { id: 'a'.repeat(64), name: `${resultId}.png`, mime: 'image/png', bytes: 1, width: 64, height: 64, hasAlpha: false, url: 'u', thumbnailUrl: 't', kind: 'image', seconds: null };
        return { ok: true, value: asset as AssetInfo };
      },
    },
  },
}));

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

const settle = () => act(async () => {});
const pictureButton = (container: HTMLElement, id: string) => container.querySelector(`img[src="gen-media://thumb/${id}"]`)?.closest('button') ?? null;

describe('the reference board’s pictures from the library', () => {
  it('lists the library’s pictures a page at a time, so that one older than the newest results at hand can be added', async () => {
    // The app holds the newest results only; the 150th newest is not among them.
    useLibraryStore.setState({ items: library.slice(0, 120), load: async () => {} });
    useCanvasStore.setState({ document: emptyDocument('gen-ctx-max') });
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root!.render(<ReferenceBoard />));
    act(() => (container.querySelector('button[aria-expanded]') as HTMLButtonElement).click());
    await settle();

    const more = () => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'More pictures') ?? null;
    for (let asked = 0; !pictureButton(container, 'p150') && more() && asked < 20; asked++) {
      act(() => more()!.click());
      await settle();
    }
    const old = pictureButton(container, 'p150');
    expect(old).not.toBeNull();
    act(() => old!.click());
    await settle();
    expect(chosen).toEqual(['p150']);
    expect(useCanvasStore.getState().document.references.map((r) => r.name)).toEqual(['p150.png']);
  });
});
