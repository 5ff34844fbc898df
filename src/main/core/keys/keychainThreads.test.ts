import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyInfo } from '../../../shared/ipc/contract';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { FakeClock, settle } from '../testing/fakeClock';
import { BASE, FakeService } from '../testing/fakeService';
import { HangingKeychain } from '../testing/hangingKeychain';
import { tempDir } from '../testing/tempDir';

/**
 * Issue 30, point 14: each call to the OS keychain holds one of Node's four worker threads until the keychain
 * answers, and one stuck on an unlock prompt never does. Four keys read at once left no thread for a file write
 * (the window never opened); one key and three Retries did the same later. Now at most one keychain call is under
 * way at a time, whatever is asked meanwhile. On fake time: the 5 s limits pass without waiting 5 s.
 */

const LIMIT_MS = 5000;
let dir: Awaited<ReturnType<typeof tempDir>>;
let keychain: HangingKeychain;
const cores: CoreFixture[] = [];

beforeEach(async () => {
  dir = await tempDir('keychain-threads');
  keychain = new HangingKeychain();
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.core.dispose();
  await dir.remove();
});

/** Keys stored in the keychain by an earlier run (its own core, on the real clock, the keychain answering). */
async function earlierRun(labels: string[]): Promise<void> {
  const fx = await startCore({ dataDir: dir.path, fetch: new FakeService().fetch, secrets: keychain });
  for (const label of labels) {
    await fx.ok('keys.add', {
      label,
      organization: '',
      project: '',
      secret: `sk-threads-test-${label}-key-7Q`,
      connection: { create: { label: `Service ${label}`, baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
    });
  }
  await fx.core.dispose();
}

async function boot(clock: FakeClock): Promise<CoreFixture> {
  const fx = await startCore({ dataDir: dir.path, fetch: new FakeService().fetch, secrets: keychain, clock });
  cores.push(fx);
  return fx;
}

/** Lets the core's promises run between steps of fake time, `ms` in all. */
async function pass(clock: FakeClock, ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 500) {
    clock.advance(500);
    await settle(1);
  }
}

/** Settles `promise` while fake time moves on, a second at a time (each Retry waits the time limit). */
async function whileTimePasses<T>(clock: FakeClock, promise: Promise<T>): Promise<T> {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  for (let i = 0; i < 100 && !done; i++) await pass(clock, 1000);
  return promise;
}

const readings = (keys: KeyInfo[]) => keys.map((k) => [k.label, k.reading, k.problem]);

describe('a keychain that never answers a read', () => {
  it('opens the window at once, keeps one call to the keychain under way, and reads the keys once it answers', async () => {
    await earlierRun(['North', 'South', 'East', 'West']);
    // The collection is locked: asking for an entry that is not there still answers, a stored key waits.
    keychain.hangsStoredReads = true;
    keychain.mostUnderWay = 0;
    const clock = new FakeClock();
    const fx = await boot(clock);
    await settle(1);

    const checking = 'Checking the Secret Service…';
    expect(readings(await fx.ok('keys.list'))).toEqual(['North', 'South', 'East', 'West'].map((l) => [l, 'reading', checking]));
    expect(keychain.underWay).toBe(1);
    expect(fx.core.handlers).toBeDefined();

    await pass(clock, LIMIT_MS + 1000);
    const waitWords = 'The Secret Service did not answer; is it locked? Unlock it and press Retry in Settings → Keys.';
    expect(readings(await fx.ok('keys.list'))).toEqual(['North', 'South', 'East', 'West'].map((l) => [l, 'unreachable', waitWords]));

    // Three Retries while the first read still waits on the prompt: none starts another call.
    for (let i = 0; i < 3; i++) await whileTimePasses(clock, fx.ok('keys.retry'));
    expect(keychain.mostUnderWay).toBe(1);
    expect(keychain.underWay).toBe(1);
    expect([...keychain.reads.entries()].filter(([entry]) => entry.startsWith('Gen Studio/') && !entry.endsWith('probe'))).toHaveLength(1);

    // Unlocked: the waiting read answers, and every key is read without another Retry.
    keychain.answer();
    await pass(clock, 2000);
    expect((await fx.ok('keys.list')).map((k) => [k.label, k.reading, k.available])).toEqual(['North', 'South', 'East', 'West'].map((l) => [l, 'read', true]));
    expect(keychain.mostUnderWay).toBe(1);
  });

  it('a keychain that answers nothing at all: one call under way however often the artist presses Retry', async () => {
    await earlierRun(['Only']);
    keychain.hung = true;
    keychain.mostUnderWay = 0;
    const clock = new FakeClock();
    const fx = await boot(clock);
    await pass(clock, 2 * LIMIT_MS + 1000);
    expect(readings(await fx.ok('keys.list'))).toEqual([['Only', 'unreachable', expect.stringContaining('did not answer')]]);
    for (let i = 0; i < 3; i++) await whileTimePasses(clock, fx.ok('keys.retry'));
    const added = fx.call('keys.add', { label: 'New', organization: '', project: '', secret: 'sk-threads-test-new-key-7Q', connection: { create: { label: 'New', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } } });
    expect(await whileTimePasses(clock, added)).toMatchObject({ ok: false, error: { message: expect.stringContaining('did not answer') } });
    expect(keychain.mostUnderWay).toBe(1);
    keychain.answer();
    await pass(clock, 2000);
    expect(keychain.underWay).toBe(0);
  });
});
