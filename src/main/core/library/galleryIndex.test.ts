import { describe, expect, it } from 'vitest';
import type { LibraryQuery } from '../../../shared/ipc/contract';
import { GalleryIndex, galleryRow } from './galleryIndex';
import type { Mark } from './galleryState';

type RowInput = Parameters<typeof galleryRow>[0];
const row = (o: Partial<RowInput> & { id: string }) =>
  galleryRow({ savedAt: 0, createdAt: 0, endpointId: 'gen-dev', params: { prompt: 'a lighthouse' }, mime: 'image/jpeg', fileName: `${o.id}.jpg`, projectId: null, group: null, ...o });

function indexOf(rows: RowInput[], marks: Record<string, Partial<Mark>> = {}): GalleryIndex {
  const index = new GalleryIndex((id) => ({ starred: false, discarded: false, ...marks[id] }));
  index.load(rows.map(row));
  return index;
}
const ids = (index: GalleryIndex, q: LibraryQuery) => index.page(q, 0, 100).ids;

describe('the gallery’s index in main', () => {
  const now = new Date(2026, 10, 24, 15).getTime();
  const at = (id: string, savedAt: number, o: Partial<RowInput> = {}): RowInput => ({ id, savedAt, createdAt: savedAt, endpointId: 'gen-dev', params: { prompt: 'a lighthouse' }, mime: 'image/jpeg', fileName: `${id}.jpg`, projectId: null, group: null, ...o });
  const library = () =>
    indexOf(
      [
        at('fill', new Date(2026, 9, 30).getTime(), { endpointId: 'gen-pro-1.0-fill', params: { prompt: 'a red door' } }),
        at('lighthouse', now - 1000),
        at('fox', new Date(2026, 10, 23, 9).getTime(), { params: { prompt: 'A Red Fox in snow' } }),
      ],
      { lighthouse: { starred: true }, fox: { discarded: true } },
    );

  it('lists newest first and sends a page at a time', () => {
    const index = library();
    expect(ids(index, {})).toEqual(['lighthouse', 'fox', 'fill']);
    expect(index.page({}, 1, 1)).toEqual({ total: 3, ids: ['fox'], stacks: {} });
    expect(index.page({}, 5, 10)).toEqual({ total: 3, ids: [], stacks: {} });
  });

  it('searches every word of the prompt, the model’s name and the file’s, in any case', () => {
    const index = library();
    expect(ids(index, { text: 'red' })).toEqual(['fox', 'fill']);
    expect(ids(index, { text: 'fox RED' })).toEqual(['fox']);
    expect(ids(index, { text: 'lighthouse snow' })).toEqual([]);
    expect(ids(index, { text: 'fill.jpg' })).toEqual(['fill']);
  });

  it('filters by intent, model, date, status and project', () => {
    const index = library();
    expect(ids(index, { intent: 'inpaint' })).toEqual(['fill']);
    expect(ids(index, { model: 'gen-dev' })).toEqual(['lighthouse', 'fox']);
    expect(ids(index, { createdFrom: new Date(2026, 10, 24).getTime() })).toEqual(['lighthouse']);
    expect(ids(index, { status: 'starred' })).toEqual(['lighthouse']);
    expect(ids(index, { status: 'discarded' })).toEqual(['fox']);
    expect(ids(index, { status: 'kept' })).toEqual(['lighthouse', 'fill']);
    const mine = indexOf([at('p1', 3, { projectId: 'project-aaaa' }), at('loose', 2)]);
    expect(ids(mine, { project: 'project-aaaa' })).toEqual(['p1']);
    expect(ids(mine, { project: 'none' })).toEqual(['loose']);
    expect(index.facets()).toEqual({ models: ['gen-dev', 'gen-pro-1.0-fill'], intents: ['text-to-image', 'inpaint'], projects: [] });
  });

  it('sees a star as soon as it is told of it', () => {
    const marks: Record<string, Partial<Mark>> = {};
    const index = indexOf([at('a', 2), at('b', 1)], marks);
    expect(ids(index, { status: 'starred' })).toEqual([]);
    marks.b = { starred: true };
    index.marksChanged();
    expect(ids(index, { status: 'starred' })).toEqual(['b']);
  });

  it('stacks one Generate’s variations into one card that says how many it holds, and opens the stack', () => {
    const g = (id: string, savedAt: number) => at(id, savedAt, { group: { id: 'g', count: 3 } });
    const index = indexOf([g('v3', 5), at('solo', 4), g('v2', 3), g('v1', 2), at('lone', 1, { group: { id: 'h', count: 4 } })]);
    expect(index.page({}, 0, 10)).toEqual({ total: 3, ids: ['v3', 'solo', 'lone'], stacks: { g: 3 } });
    expect(index.page({}, 1, 10).stacks).toEqual({});
    expect(ids(index, { group: 'g' })).toEqual(['v3', 'v2', 'v1']);
    // A variation inside a stack is found at its stack's card.
    expect(index.indexOf({}, 'v1')).toBe(0);
    expect(index.indexOf({ group: 'g' }, 'v1')).toBe(2);
    expect(index.indexOf({}, 'lone')).toBe(2);
    expect(index.indexOf({ text: 'nothing' }, 'lone')).toBeNull();
  });

  it('files a new result in its place, and forgets one taken out', () => {
    const index = indexOf([at('a', 10), at('b', 5)]);
    index.put(row({ id: 'new', savedAt: 20 }));
    index.put(row({ id: 'middle', savedAt: 7 }));
    index.put(row({ id: 'same-as-b', savedAt: 5 }));
    expect(ids(index, {})).toEqual(['new', 'a', 'middle', 'b', 'same-as-b']);
    index.remove('a');
    expect(ids(index, {})).toEqual(['new', 'middle', 'b', 'same-as-b']);
    expect(index.size).toBe(4);
  });

  it('puts a new result first in the views already answered, as reading the library again would', () => {
    const g = (id: string, savedAt: number, group = 'g') => at(id, savedAt, { group: { id: group, count: 3 }, params: { prompt: `a red fox ${id}` } });
    const index = indexOf([g('v1', 2), at('solo', 1), g('h1', 0, 'h')], { solo: { starred: true } });
    const queries: LibraryQuery[] = [{}, { text: 'fox' }, { text: 'lighthouse' }, { group: 'g' }, { status: 'starred' }, { status: 'kept' }];
    for (const q of queries) index.page(q, 0, 10);
    index.put(row({ ...g('v2', 5), id: 'v2' }));
    index.put(row({ ...g('h2', 6, 'h'), id: 'h2' }));
    index.put(row({ ...at('new', 7), id: 'new' }));
    const answered = queries.map((q) => index.page(q, 0, 10));
    const fresh = indexOf([g('v1', 2), at('solo', 1), g('h1', 0, 'h'), g('v2', 5), g('h2', 6, 'h'), at('new', 7)], { solo: { starred: true } });
    expect(answered).toEqual(queries.map((q) => fresh.page(q, 0, 10)));
    expect(answered[0]).toEqual({ total: 4, ids: ['new', 'h2', 'v2', 'solo'], stacks: { h: 2, g: 2 } });
  });

  // Issue 31, point 2: the video panels and the keyframe shelf read the 120 newest results, and said "No video
  // results yet" while the gallery held 6 clips. They ask for their own kind, a page at a time.
  it('lists the clips, the drafts or the pictures alone, every variation on its own, however many newer results there are', () => {
    const clip = (id: string, savedAt: number, resolution: string, o: Partial<RowInput> = {}) =>
      at(id, savedAt, { endpointId: 'gen-3-video', mime: 'video/mp4', fileName: `${id}.mp4`, params: { prompt: 'waves', resolution }, ...o });
    const pictures = Array.from({ length: 1000 }, (_, i) => at(`p${i}`, 10_000 - i, i < 4 ? { group: { id: 'four', count: 4 } } : {}));
    const clips = [clip('final', 40, '1080p'), clip('draft', 30, 'hd'), clip('twin-a', 20, 'hd', { group: { id: 'twins', count: 2 } }), clip('twin-b', 19, 'hd', { group: { id: 'twins', count: 2 } }), clip('set-aside', 10, 'hd')];
    const index = indexOf([...pictures, ...clips], { 'set-aside': { discarded: true } });
    const clipsAsked = { media: 'clip', status: 'kept', stacked: false } as const;
    expect(index.page(clipsAsked, 0, 2)).toEqual({ total: 4, ids: ['final', 'draft'], stacks: {} });
    expect(index.page(clipsAsked, 2, 2)).toEqual({ total: 4, ids: ['twin-a', 'twin-b'], stacks: {} });
    expect(index.page(clipsAsked, 4, 2).ids).toEqual([]);
    expect(ids(index, { media: 'draft', status: 'kept', stacked: false })).toEqual(['draft', 'twin-a', 'twin-b']);
    // Stacked unless told: the gallery's cards are as they were.
    expect(ids(index, { media: 'draft' })).toEqual(['draft', 'twin-a', 'set-aside']);
    const picturesAsked = { media: 'picture', stacked: false } as const;
    expect(index.page(picturesAsked, 0, 5).ids).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    expect(index.page(picturesAsked, 995, 12)).toEqual({ total: 1000, ids: ['p995', 'p996', 'p997', 'p998', 'p999'], stacks: {} });
    // A result filed now goes first where it belongs, and only there.
    index.put(row(clip('newest', 20_000, 'hd')));
    index.put(row(at('newest-picture', 20_001, { group: { id: 'four', count: 4 } })));
    expect(index.page(clipsAsked, 0, 2).ids).toEqual(['newest', 'final']);
    expect(index.page(picturesAsked, 0, 2)).toEqual({ total: 1001, ids: ['newest-picture', 'p0'], stacks: {} });
    expect(index.page({ media: 'draft', stacked: false }, 0, 1).ids).toEqual(['newest']);
  });

  it('keeps the filters’ choices as a fresh read of the library gives them, through new results and removals', () => {
    const index = indexOf([at('a', 3, { projectId: 'p1' }), at('b', 2, { endpointId: 'gen-pro-1.0-fill' })]);
    const before = index.facets();
    expect(before).toEqual({ models: ['gen-dev', 'gen-pro-1.0-fill'], intents: ['text-to-image', 'inpaint'], projects: ['p1'] });
    // A new fill result: its model and intent now come first, as the newest result shows them.
    index.put(row({ id: 'c', savedAt: 4, endpointId: 'gen-pro-1.0-fill', projectId: 'p2' }));
    const fresh = () => indexOf([at('a', 3, { projectId: 'p1' }), at('b', 2, { endpointId: 'gen-pro-1.0-fill' }), at('c', 4, { endpointId: 'gen-pro-1.0-fill', projectId: 'p2' })]);
    expect(index.facets()).toEqual(fresh().facets());
    expect(index.facets()).toEqual({ models: ['gen-pro-1.0-fill', 'gen-dev'], intents: ['inpaint', 'text-to-image'], projects: ['p2', 'p1'] });
    // An older one filed late and a removal read the library again.
    index.put(row({ id: 'old', savedAt: 1, endpointId: 'gen-dev', projectId: 'p3' }));
    expect(index.facets().projects).toEqual(['p2', 'p1', 'p3']);
    index.remove('c');
    expect(index.facets()).toEqual({ models: ['gen-dev', 'gen-pro-1.0-fill'], intents: ['text-to-image', 'inpaint'], projects: ['p1', 'p3'] });
    // What was answered before is not changed under its holder.
    expect(before.models).toEqual(['gen-dev', 'gen-pro-1.0-fill']);
  });

  it('gives, after many random results filed one by one, the same pages, places and choices as reading them all at once', () => {
    // A seeded generator (mulberry32): the same rows on every run, and a failure names its seed.
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      let state = seed;
      const random = () => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const marks: Record<string, Partial<Mark>> = {};
      let clock = 1000;
      const make = (n: number): RowInput => {
        // Mostly a result just made; now and then one filed late (older than the newest), or at the same moment.
        const late = random() < 0.15;
        clock += late ? 0 : pick([0, 1, 1, 2]);
        const id = `r${seed}-${n}`;
        if (random() < 0.2) marks[id] = { starred: random() < 0.5, discarded: random() < 0.5 };
        return at(id, late ? clock - 1 - Math.floor(random() * 50) : clock, {
          createdAt: clock - 5,
          endpointId: pick(['gen-dev', 'gen-pro-1.0-fill', 'gen-pro-1.1']),
          params: { prompt: pick(['a red fox', 'a lighthouse', 'red door in snow']) },
          projectId: pick([null, null, 'p1', 'p2']),
          group: random() < 0.5 ? { id: `g${Math.floor(random() * 12)}`, count: pick([2, 4]) } : null,
        });
      };
      const rows = Array.from({ length: 40 }, (_, n) => make(n));
      const index = indexOf(rows, marks);
      const queries: LibraryQuery[] = [{}, { text: 'red' }, { status: 'kept' }, { project: 'p1' }, { group: 'g3' }, { model: 'gen-dev', text: 'fox' }, { media: 'picture', stacked: false }];
      for (let n = 40; n < 240; n++) {
        // The views are asked for between results, as the gallery's pages are, so most are kept and put in place.
        for (const q of [pick(queries), pick(queries)]) index.page(q, 0, 5);
        const r = make(n);
        rows.push(r);
        index.put(row(r));
        const fresh = indexOf(rows, marks);
        for (const q of queries) {
          expect(index.page(q, 0, 500), `seed ${seed}, result ${n}, ${JSON.stringify(q)}`).toEqual(fresh.page(q, 0, 500));
          const probe = pick(rows).id;
          expect(index.indexOf(q, probe), `seed ${seed}, where ${probe} stands in ${JSON.stringify(q)}`).toBe(fresh.indexOf(q, probe));
        }
        expect(index.facets()).toEqual(fresh.facets());
      }
    }
  });

  it('files a Generate’s variation without reading the views (a stack’s card is found by its group)', () => {
    let reads = 0;
    const counted = (r: RowInput) => {
      const plain = row(r);
      const groupId = plain.groupId;
      return Object.defineProperty({ ...plain }, 'groupId', {
        get: () => {
          reads++;
          return groupId;
        },
      });
    };
    const index = new GalleryIndex(() => ({ starred: false, discarded: false }));
    index.load(Array.from({ length: 10_000 }, (_, i) => counted(at(`old${i}`, i, { params: { prompt: `a fox ${i}` } }))));
    for (const q of [{}, { text: 'fox' }, { status: 'kept' as const }]) index.page(q, 0, 10);
    reads = 0;
    for (const id of ['v1', 'v2', 'v3']) index.put(counted(at(id, 20_000 + Number(id[1]), { params: { prompt: 'a fox' }, group: { id: 'g', count: 3 } })));
    expect(index.page({}, 0, 2)).toEqual({ total: 10_001, ids: ['v3', 'old9999'], stacks: { g: 3 } });
    expect(index.indexOf({ text: 'fox' }, 'v1')).toBe(0);
    // Each new row's own group is read; not one per result in the library.
    expect(reads).toBeLessThan(100);
  });
});
