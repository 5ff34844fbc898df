import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { BASE, FakeService } from '../testing/fakeService';
import { HangingKeychain } from '../testing/hangingKeychain';
import { tempDir } from '../testing/tempDir';

/**
 * Issue 23, point 2: a keychain that never answers (a Secret Service waiting on an unlock prompt) once kept the
 * app from starting at all. The core starts without waiting for it, every keychain call has a time limit (short
 * here, 5 s in the app), and the user is told which keys wait and what to do.
 */

const TIME_LIMIT_MS = 100;
let dir: Awaited<ReturnType<typeof tempDir>>;
let keychain: HangingKeychain;
let service: FakeService;
const cores: CoreFixture[] = [];

beforeEach(async () => {
  dir = await tempDir('keychain-hang');
  keychain = new HangingKeychain();
  service = new FakeService();
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.core.dispose();
  await dir.remove();
});

async function boot(): Promise<CoreFixture> {
  const fx = await startCore({ dataDir: dir.path, fetch: service.fetch, secrets: keychain, deps: { keychainTimeoutMs: TIME_LIMIT_MS } });
  cores.push(fx);
  return fx;
}

/** Two keys stored in the keychain by an earlier run. */
async function earlierRun(): Promise<void> {
  const fx = await boot();
  for (const label of ['Studio', 'Night shift']) {
    await fx.ok('keys.add', {
      label,
      organization: '',
      project: '',
      secret: `sk-hang-test-${label.replace(' ', '-')}-key-9Z`,
      connection: { create: { label: `Service ${label}`, baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
    });
  }
  await fx.core.dispose();
  cores.splice(0);
}

const until = async (pred: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 2000 && !(await pred()); i++) await new Promise((r) => setTimeout(r, 10));
  if (!(await pred())) throw new Error(`never: ${what}`);
};

describe('a keychain that never answers', () => {
  it('does not hold up the start, and says in words which keys wait and why', async () => {
    await earlierRun();
    keychain.hung = true;
    const began = performance.now();
    const fx = await boot();
    // Generous: the core waits for nothing the keychain holds, so this is the cost of a start on a busy machine.
    expect(performance.now() - began).toBeLessThan(10_000);

    await until(async () => (await fx.ok('keys.list')).every((k) => k.reading === 'unreachable'), 'both keys unreachable');
    const keys = await fx.ok('keys.list');
    for (const k of keys) {
      expect(k).toMatchObject({ available: false, reading: 'unreachable' });
      expect(k.problem).toBe('The Secret Service did not answer; is it locked? Unlock it and press Retry in Settings → Keys.');
    }
    const notices = await fx.ok('app.notices');
    expect(notices.map((n) => n.message)).toContainEqual(expect.stringMatching(/did not answer; is it locked\? .*The keys “Studio”, “Night shift” could not be read yet/));
    // A task sent meanwhile is told the same, not that the key is gone.
    const task = await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'waiting on the keychain' } as never, inputs: {} });
    const message = task.ok ? ((await until(() => fx.task(task.value.id).state === 'failed', 'task ended'), fx.task(task.value.id).error?.message) ?? '') : task.error.message;
    expect(message).toMatch(/could not be read: the Secret Service did not answer; is it locked\?/);
    expect(message).not.toMatch(/any more/);

    // Unlocked, Retry reads them.
    keychain.hung = false;
    const after = await fx.ok('keys.retry');
    expect(after.map((k) => [k.reading, k.available, k.problem])).toEqual([
      ['read', true, null],
      ['read', true, null],
    ]);
  });

  it('a locked keychain gets the same words, not "not in the keychain any more"', async () => {
    await earlierRun();
    keychain.locked = true;
    const fx = await boot();
    await until(async () => (await fx.ok('keys.list')).every((k) => k.reading === 'unreachable'), 'keys unreachable');
    for (const k of await fx.ok('keys.list')) expect(k.problem).toMatch(/did not answer; is it locked\? Unlock it and press Retry/);
    const activated = await fx.call('keys.activate', { id: (await fx.ok('keys.list'))[0]!.id });
    expect(!activated.ok && activated.error.message).toMatch(/is it locked\?/);
  });

  it('reads each key once, however many tasks wait on it', async () => {
    await earlierRun();
    keychain.reads.clear();
    const fx = await boot();
    await until(async () => (await fx.ok('keys.list')).every((k) => k.reading === 'read'), 'keys read');
    const [first] = await fx.ok('keys.list');
    const tasks = await Promise.all(Array.from({ length: 20 }, (_, i) => fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: `task ${i}` } as never, inputs: {} })));
    await until(() => tasks.every((t) => fx.task(t.id).state !== 'queued'), 'tasks moved');
    // The key itself, and the note of where it may go, each asked of the keychain once in this run.
    expect(keychain.reads.get(`Gen Studio/${first!.id}`)).toBe(1);
    expect(keychain.reads.get(`Gen Studio key destinations/${first!.id}`)).toBe(1);
  });
});
