import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { advanceUntil, FakeClock } from '../testing/fakeClock';
import { BASE, FakeService } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';

let dir: Awaited<ReturnType<typeof tempDir>>;
let service: FakeService;
let clock: FakeClock;
let fx: CoreFixture;

beforeEach(async () => {
  dir = await tempDir('group');
  clock = new FakeClock();
  service = new FakeService(() => clock.now());
  fx = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: new MemoryKeychain() });
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: 'Acme',
    project: 'Posters',
    secret: 'sk-group-test-key-9P1L',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
});

const dev = (params: Record<string, number | string> = {}) => ({ endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk', ...params }, inputs: {} });
const sentSeeds = () => service.submits().map((s) => (s.body as { seed?: number }).seed);
const allDone = (ids: string[]) => advanceUntil(clock, () => ids.every((id) => fx.tasks.get(id)?.state === 'done'), { stepMs: 100 });

describe('a group of variations', () => {
  it('makes one task per variation, grouped, each with its own seed, and records the project', async () => {
    const group = await fx.ok('tasks.submitGroup', { request: dev({ seed: 41 }), count: 4, projectId: 'poster-0001' });
    expect(group).toHaveLength(4);
    expect(new Set(group.map((t) => t.group?.id)).size).toBe(1);
    expect(group.map((t) => [t.group?.index, t.group?.count])).toEqual([[0, 4], [1, 4], [2, 4], [3, 4]]);
    expect(group.every((t) => t.projectId === 'poster-0001')).toBe(true);
    expect(group.map((t) => t.params.seed)).toEqual([41, 42, 43, 44]);
    await allDone(group.map((t) => t.id));
    expect(sentSeeds().sort()).toEqual([41, 42, 43, 44]);
    // The view read back from disk keeps both (the results strip reads them after a restart).
    const listed = await fx.ok('tasks.list');
    expect(listed.filter((t) => t.group?.id === group[0]!.group!.id)).toHaveLength(4);
  });

  it('draws a different seed for each variation when none is given', async () => {
    const group = await fx.ok('tasks.submitGroup', { request: dev(), count: 3, projectId: null });
    const seeds = group.map((t) => t.params.seed);
    expect(seeds.every((s) => typeof s === 'number')).toBe(true);
    expect(new Set(seeds).size).toBe(3);
  });

  it('sends nothing when the whole group would cross a cap, though its first task alone would not', async () => {
    const first = await fx.ok('tasks.submitGroup', { request: dev(), count: 1, projectId: null });
    await allDone([first[0]!.id]);
    const summary = await fx.ok('spending.summary', {});
    const estimate = await fx.ok('spending.estimate', { request: dev() });
    expect(estimate).toEqual({ cost: summary.totals.day, basis: 'runs', runs: 1, words: 'from your last run of this model' });
    // Room for two more at this price, not for four.
    await fx.ok('spending.setCaps', { keyId: summary.keyId, caps: { day: summary.totals.day * 3 + 0.5, week: null, month: null } });
    const refused = await fx.call('tasks.submitGroup', { request: dev(), count: 4, projectId: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'spending-cap' } });
    expect(service.submits()).toHaveLength(1);
    expect((await fx.ok('tasks.list')).length).toBe(1);
    const two = await fx.ok('tasks.submitGroup', { request: dev(), count: 2, projectId: null });
    expect(two).toHaveLength(2);
  });

  it('before any run, checks a group against the public list price of its model', async () => {
    const summary = await fx.ok('spending.summary', {});
    expect(await fx.ok('spending.estimate', { request: dev() })).toEqual({ cost: 2.5, basis: 'list', runs: 0, words: 'from the public price list' });
    // Room for two at the list's 2.5, not for three.
    await fx.ok('spending.setCaps', { keyId: summary.keyId, caps: { day: 6, week: null, month: null } });
    const refused = await fx.call('tasks.submitGroup', { request: dev(), count: 3, projectId: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'spending-cap', message: expect.stringMatching(/these 3 variations, about 7\.5 credits \(2\.5 each, from the public price list\)/) } });
    // Issue 30, point 7: nothing else was on its way, and the refusal does not say otherwise.
    expect(refused).toMatchObject({ ok: false, error: { refusal: { kind: 'crossed', onTheWay: 0, asked: { what: 'variations', count: 3, cost: 7.5 } } } });
    expect(refused.ok ? '' : refused.error.message).not.toMatch(/on its way/);
    expect(service.submits()).toHaveLength(0);
    expect(await fx.ok('tasks.submitGroup', { request: dev(), count: 2, projectId: null })).toHaveLength(2);
  });

  it('with a cap and no price known yet, refuses a group and says to generate one first', async () => {
    const summary = await fx.ok('spending.summary', {});
    await fx.ok('spending.setCaps', { keyId: summary.keyId, caps: { day: 100, week: null, month: null } });
    // The public list does not name the third-generation image model.
    const unlisted = { endpointId: 'gen-3-image', params: { prompt: 'a harbour' }, inputs: {} };
    expect(await fx.ok('spending.estimate', { request: unlisted })).toEqual({ cost: null, basis: 'unknown', runs: 0, words: 'unknown until sent' });
    const refused = await fx.call('tasks.submitGroup', { request: unlisted, count: 2, projectId: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'spending-cap', message: expect.stringMatching(/not been priced yet.*Generate one first/) } });
    expect(service.submits()).toHaveLength(0);
  });

  it('leaves the seed alone on an endpoint that takes none', async () => {
    const png = await import('sharp').then((s) => s.default({ create: { width: 64, height: 64, channels: 3, background: '#345' } }).png().toBuffer());
    const asset = await fx.ok('assets.import', { name: 'blurry.png', bytes: new Uint8Array(png) });
    const group = await fx.ok('tasks.submitGroup', { request: { endpointId: 'deblur-v1', params: {}, inputs: { image: { assetId: asset.id } } }, count: 2, projectId: null });
    expect(group.map((t) => t.params.seed)).toEqual([undefined, undefined]);
  });
});
