// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryItem, LibraryPage, LibraryQuery } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/result';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A library of `size` clips, newest first, answering each page as main does. */
let size = 30;
const asked: Array<{ query: LibraryQuery; offset: number; limit: number }> = [];
const page = vi.fn(async (a: { query: LibraryQuery; offset: number; limit: number }): Promise<IpcResult<LibraryPage>> => {
  asked.push(a);
  const items = Array.from({ length: Math.max(0, Math.min(a.limit, size - a.offset)) }, (_, i) => ({ id: `clip-${a.offset + i}` }) as LibraryItem);
  return { ok: true, value: { total: size, all: size + 1000, offset: a.offset, items, stacks: {} } };
});
vi.mock('../api', () => ({ gen: { library: { page: (a: { query: LibraryQuery; offset: number; limit: number }) => page(a) } } }));

const { useLibraryList } = await import('./useLibraryList');
const { useLibraryStore } = await import('./libraryStore');

let root: Root | null = null;
const rendered: Array<ReturnType<typeof useLibraryList>> = [];
function Probe({ query }: { query: LibraryQuery }) {
  rendered.push(useLibraryList(query, 12));
  return null;
}
const list = () => rendered[rendered.length - 1]!;
const settle = () => act(async () => {});

afterEach(() => {
  act(() => root?.unmount());
  asked.length = 0;
  rendered.length = 0;
  size = 30;
});

describe('a picker’s list from the library', () => {
  it('asks for a page of its kind, the next page when asked for more, and as many again when the library changes', async () => {
    root = createRoot(document.createElement('div'));
    const query: LibraryQuery = { media: 'clip', status: 'kept', stacked: false };
    act(() => root!.render(<Probe query={query} />));
    await settle();
    expect(asked).toEqual([{ query, offset: 0, limit: 12 }]);
    expect(list().items.map((i) => i.id).slice(-1)).toEqual(['clip-11']);
    expect(list().total).toBe(30);

    // Show more: only the page not held yet.
    act(() => list().more());
    await settle();
    expect(asked.slice(1)).toEqual([{ query, offset: 12, limit: 12 }]);
    expect(list().items).toHaveLength(24);
    // Rendered again with an equal query: nothing asked.
    act(() => root!.render(<Probe query={{ ...query }} />));
    await settle();
    expect(asked).toHaveLength(2);

    // A clip filed: the 24 shown asked again from the first.
    size = 31;
    act(() => useLibraryStore.setState({ revision: useLibraryStore.getState().revision + 1 }));
    await settle();
    expect(asked.slice(2)).toEqual([{ query, offset: 0, limit: 24 }]);
    expect(list().total).toBe(31);
    act(() => list().more());
    act(() => list().more());
    await settle();
    // Past the end: what there is, and no more asked.
    expect(list().items).toHaveLength(31);
    const before = asked.length;
    act(() => list().more());
    await settle();
    expect(asked).toHaveLength(before);
  });
});
