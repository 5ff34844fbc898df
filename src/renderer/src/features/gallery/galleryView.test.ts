import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryPage } from '../../../../shared/ipc/contract';
import type { IpcResult } from '../../../../shared/ipc/result';
import { useLibraryStore } from '../../store/libraryStore';
import { useGalleryView } from './galleryView';
import { libraryItem } from './testing/libraryItem';

// Each call to main waits until the test answers it, so the order of calls is what the test sees.
const asked = vi.hoisted(() => [] as Array<{ request: unknown; answer: (r: IpcResult<unknown>) => void }>);
vi.mock('../../api', () => ({
  gen: {
    library: {
      page: (request: unknown) => new Promise((answer) => asked.push({ request, answer })),
    },
  },
}));

const items = (n: number, group?: (i: number) => string | null) =>
  Array.from({ length: n }, (_, i) => libraryItem({ id: `r${i}`, group: group?.(i) ? { id: group(i)!, index: 0, count: 2 } : null }));
const page = (n: number, stacks: Record<string, number> = {}, group?: (i: number) => string | null): IpcResult<LibraryPage> => ({ ok: true, value: { total: 1000, all: 1000, offset: 0, items: items(n, group), stacks } });
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  asked.length = 0;
  useLibraryStore.setState({ revision: 0, items: [] });
});

describe('the gallery’s first page', () => {
  it('rides on the start-up’s ask for the newest results: one call to main, not a second one queued behind the rest', async () => {
    void useLibraryStore.getState().load();
    useGalleryView.getState().setQuery({});
    expect(asked.map((a) => a.request)).toEqual([{ offset: 0, limit: 120 }]);
    // The 51st and 111th cards stand for stacks; only the first page's stack comes with it.
    asked[0]!.answer(page(120, { g1: 3, g2: 2 }, (i) => (i === 50 ? 'g1' : i === 110 ? 'g2' : null)));
    await settle();
    const view = useGalleryView.getState();
    expect(view.pages.get(0)?.map((i) => i.id)).toEqual(items(96).map((i) => i.id));
    expect([...view.stacks]).toEqual([['g1', 3]]);
    expect(view.total).toBe(1000);
    // The next page is the gallery's own ask.
    expect(asked.slice(1).map((a) => a.request)).toEqual([]);
    useGalleryView.getState().show(0, 150);
    expect(asked[1]?.request).toEqual({ query: {}, offset: 96, limit: 96 });
  });

  it('asks main itself once the library has changed since, and for any filtered view', async () => {
    void useLibraryStore.getState().load();
    asked[0]!.answer(page(120));
    await settle();
    useLibraryStore.setState({ revision: 1 });
    useGalleryView.getState().setQuery({});
    expect(asked[1]?.request).toEqual({ query: {}, offset: 0, limit: 96 });
    useGalleryView.getState().setQuery({ status: 'starred' });
    expect(asked[2]?.request).toEqual({ query: { status: 'starred' }, offset: 0, limit: 96 });
  });
});
