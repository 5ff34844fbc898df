import { describe, expect, it } from 'vitest';
import { beforeInputOf, columnsFor, filterResults, inputsOf, NO_FILTER, projectsIn, rangeStart, rerunRequest, stackGroups, variationRequest } from './galleryModel';
import { libraryItem } from './testing/libraryItem';

const item = libraryItem;

describe('the gallery’s filters', () => {
  const now = new Date(2026, 10, 24, 15).getTime();
  const items = [
    item({ id: 'lighthouse', starred: true, createdAt: now - 1000 }),
    item({ id: 'fox', params: { prompt: 'A Red Fox in snow' }, discarded: true, createdAt: new Date(2026, 10, 23, 9).getTime() }),
    item({ id: 'fill', endpointId: 'gen-pro-1.0-fill', params: { prompt: 'a red door' }, createdAt: new Date(2026, 9, 30).getTime() }),
  ];
  const ids = (f: Partial<typeof NO_FILTER>) => filterResults(items, { ...NO_FILTER, ...f }, now).map((i) => i.id);

  it('searches every word of the prompt, in any case', () => {
    expect(ids({ text: 'red' })).toEqual(['fox', 'fill']);
    expect(ids({ text: 'fox RED' })).toEqual(['fox']);
    expect(ids({ text: 'lighthouse snow' })).toEqual([]);
  });
  it('filters by intent, model, date and status', () => {
    expect(ids({ intent: 'inpaint' })).toEqual(['fill']);
    expect(ids({ model: 'gen-dev' })).toEqual(['lighthouse', 'fox']);
    expect(ids({ date: 'today' })).toEqual(['lighthouse']);
    expect(ids({ date: 'week' })).toEqual(['lighthouse', 'fox']);
    expect(ids({ date: 'month' })).toEqual(['lighthouse', 'fox']);
    expect(ids({ status: 'starred' })).toEqual(['lighthouse']);
    expect(ids({ status: 'discarded' })).toEqual(['fox']);
    expect(ids({ status: 'kept' })).toEqual(['lighthouse', 'fill']);
  });
  it('filters by project, and by one Generate’s variations', () => {
    const mine = [
      item({ id: 'p1', projectId: 'project-aaaa', group: { id: 'g1', index: 0, count: 2 } }),
      item({ id: 'p2', projectId: 'project-aaaa', group: { id: 'g1', index: 1, count: 2 } }),
      item({ id: 'loose' }),
    ];
    const of = (f: Partial<typeof NO_FILTER>) => filterResults(mine, { ...NO_FILTER, ...f }, now).map((i) => i.id);
    expect(of({ project: 'project-aaaa' })).toEqual(['p1', 'p2']);
    expect(of({ project: 'none' })).toEqual(['loose']);
    expect(of({ group: 'g1' })).toEqual(['p1', 'p2']);
    expect(projectsIn(mine, new Map([['project-aaaa', 'Poster']]))).toEqual([{ id: 'project-aaaa', name: 'Poster' }]);
  });
  it('stacks one Generate’s variations into one card that says how many it holds', () => {
    const g = (id: string, index: number) => item({ id, group: { id: 'g', index, count: 3 } });
    const { shown, sizes } = stackGroups([g('v3', 2), item({ id: 'solo' }), g('v2', 1), g('v1', 0), item({ id: 'lone', group: { id: 'h', index: 0, count: 4 } })]);
    expect(shown.map((i) => i.id)).toEqual(['v3', 'solo', 'lone']);
    expect([...sizes]).toEqual([['g', 3]]);
  });
  it('weeks start on Monday', () => {
    expect(new Date(rangeStart('week', now)).getDay()).toBe(1);
  });
});

describe('requests made again from a result', () => {
  it('a rerun sends the same fields, inputs and the seed the result was made with', () => {
    const r = item({ params: { prompt: 'p', width: 512 }, seed: 1234, inputs: [{ field: 'image_prompt', assetId: 'f'.repeat(64) }] });
    expect(rerunRequest(r)).toEqual({ endpointId: 'gen-dev', params: { prompt: 'p', width: 512, seed: 1234 }, inputs: { image_prompt: { assetId: 'f'.repeat(64) } } });
  });
  it('variations are asked without the result’s seed, so each gets a new one', () => {
    const r = variationRequest(item({ params: { prompt: 'p', seed: 1, width: 512 }, inputs: [{ field: 'image_prompt', assetId: 'f'.repeat(64) }] }));
    expect(r).toEqual({ endpointId: 'gen-dev', params: { prompt: 'p', width: 512 }, inputs: { image_prompt: { assetId: 'f'.repeat(64) } } });
  });
  it('keyframes gather under their field with their times', () => {
    expect(inputsOf({ inputs: [{ field: 'keyframes', assetId: 'a', time: 0 }, { field: 'keyframes', assetId: 'b', time: 2 }] })).toEqual({
      keyframes: [{ assetId: 'a', time: 0 }, { assetId: 'b', time: 2 }],
    });
  });
  it('an edit compares against its input picture; a text-to-image or a video has none to compare with', () => {
    const picture = { field: 'image', assetId: 'p'.repeat(64) };
    expect(beforeInputOf({ endpointId: 'gen-pro-1.0-fill', inputs: [{ field: 'mask', assetId: 'm'.repeat(64) }, picture] })).toEqual(picture);
    expect(beforeInputOf({ endpointId: 'gen-ctx-max', inputs: [{ field: 'input_image', assetId: 'i'.repeat(64) }] })).toEqual({ field: 'input_image', assetId: 'i'.repeat(64) });
    expect(beforeInputOf({ endpointId: 'gen-dev', inputs: [] })).toBeNull();
    expect(beforeInputOf({ endpointId: 'gen-3-video', inputs: [picture] })).toBeNull();
  });
  it('the grid fits as many cards as there is room for, at least one', () => {
    expect(columnsFor(1000, 200, 12)).toBe(4);
    expect(columnsFor(100, 200, 12)).toBe(1);
  });
});
