import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paddedMp4 } from '../../../shared/media/testing/paddedMp4';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { advanceUntil, FakeClock } from '../testing/fakeClock';
import { BASE, FakeService } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';

// Issue 23, point 1: an MP4 padded with a million tiny boxes once made the result check build an object per box
// in main until it died. It is refused now, by the engine and by every drop path, with words and bounded memory.
const MB = 1024 * 1024;
const HOSTILE = paddedMp4(1_000_000);

let dir: Awaited<ReturnType<typeof tempDir>>;
let clock: FakeClock;
let service: FakeService;
let fx: CoreFixture;

beforeEach(async () => {
  dir = await tempDir('hostile-result');
  clock = new FakeClock();
  service = new FakeService(() => clock.now());
  service.download = () => ({ kind: 'bytes', status: 200, bytes: HOSTILE });
  fx = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: new MemoryKeychain() });
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: 'Acme',
    project: 'Clips',
    secret: 'sk-hostile-result-key-4M1B',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
});

/** Peak resident memory since the process started, in bytes (the OS's own count, not a sample). */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

describe('a result MP4 of a million tiny boxes', () => {
  it('is refused by the engine with a clear message, within 200 MB of memory, and the core carries on', async () => {
    const baseline = process.memoryUsage().rss;
    const task = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a padded clip' } as never, inputs: {} });
    await advanceUntil(clock, () => fx.tasks.get(task.id)?.state === 'failed', { describe: () => JSON.stringify(fx.tasks.get(task.id)) });
    const failed = fx.task(task.id);
    expect(failed.error).toMatchObject({ code: 'bad-result' });
    expect(failed.error?.message).toMatch(/more than 100,000 pieces/);
    // Said in the artist's language, the figure in its numbers.
    expect(say(createText('de', await loadMessages('de')), failed.error?.words, failed.error?.message ?? '')).toContain('Das Video ist in mehr als 100.000 Teile (Boxen) zerlegt');
    expect(peakRss() - baseline).toBeLessThan(200 * MB);
    expect((await fx.ok('library.page', { offset: 0, limit: 10 })).total).toBe(0);
    // Still answering.
    expect(await fx.ok('tasks.list')).toHaveLength(1);
  });

  it('is refused when dropped on the window, as a source clip or to read its parameters, with words', async () => {
    const baseline = process.memoryUsage().rss;
    const asAsset = await fx.call('assets.import', { name: 'padded.mp4', bytes: HOSTILE });
    expect(asAsset).toMatchObject({ ok: false, error: { code: 'bad-input' } });
    expect(!asAsset.ok && asAsset.error.message).toMatch(/“padded.mp4” is not a video Gen Studio can read: it is split into more than 100,000 pieces/);
    const dropped = await fx.call('library.readDropped', { name: 'padded.mp4', bytes: HOSTILE });
    expect(dropped).toMatchObject({ ok: false, error: { code: 'bad-input' } });
    expect(!dropped.ok && dropped.error.message).toMatch(/more than 100,000 pieces/);
    expect(peakRss() - baseline).toBeLessThan(200 * MB);
  });
});
