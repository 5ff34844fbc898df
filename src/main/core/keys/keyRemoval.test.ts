import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { advanceUntil, FakeClock } from '../testing/fakeClock';
import { BASE, FakeService, pending } from '../testing/fakeService';
import { LockableKeychain } from '../testing/lockableKeychain';
import { tempDir } from '../testing/tempDir';
import { REMOVAL_RETRY_MS } from './keyService';

const KEY = 'sk-removal-test-key-4H7J';

let dir: Awaited<ReturnType<typeof tempDir>>;
let clock: FakeClock;
let service: FakeService;
let keychain: LockableKeychain;
let fx: CoreFixture;
const cores: CoreFixture[] = [];

beforeEach(async () => {
  dir = await tempDir('removal');
  clock = new FakeClock();
  service = new FakeService(() => clock.now());
  keychain = new LockableKeychain();
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.core.dispose();
  await dir.remove();
});

async function boot(): Promise<CoreFixture> {
  fx = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: keychain });
  cores.push(fx);
  return fx;
}

async function withKey(): Promise<string> {
  await boot();
  const key = await fx.ok('keys.add', {
    label: 'Studio',
    organization: '',
    project: '',
    secret: KEY,
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  return key.id;
}

const stored = (id: string) => keychain.inner.getPassword('Gen Studio', id);
const notices = async () => (await fx.ok('app.notices')).map((n) => n.message).join('\n');

describe('removing a key while the keychain is locked', () => {
  it('keeps it listed as “removal pending”, unused, says so, and deletes it when the keychain answers', async () => {
    const id = await withKey();
    keychain.locked = true;
    expect(await fx.ok('keys.remove', { id })).toEqual({ removed: false, pending: true });

    // Not "removed": the key is still in the keychain, and the list says what is true.
    expect(await stored(id)).toBe(KEY);
    expect(await fx.ok('keys.list')).toEqual([expect.objectContaining({ id, removalPending: true, active: false })]);
    expect(await notices()).toMatch(/no longer uses the key “Studio”[^]*did not let it delete[^]*removal pending/);
    // Not used any more: the Sandbox is active again, and the key cannot be picked, tested or sent with.
    expect((await fx.ok('connections.active')).kind).toBe('sandbox');
    expect(await fx.call('keys.activate', { id })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await fx.call('keys.test', { id })).toMatchObject({ ok: false, error: { code: 'conflict' } });

    // Still locked at the next try: it stays pending, and nothing new is said.
    clock.advance(REMOVAL_RETRY_MS);
    await advanceUntil(clock, () => true);
    expect((await fx.ok('keys.list'))[0]).toMatchObject({ removalPending: true });

    keychain.locked = false;
    const from = fx.events.length;
    await advanceUntil(clock, () => fx.events.slice(from).some((e) => e.channel.endsWith('keys.changed') && (e.payload as unknown[]).length === 0), { stepMs: 5_000 });
    expect(await fx.ok('keys.list')).toEqual([]);
    expect(await stored(id)).toBeNull();
    expect(await notices()).toContain('The key “Studio” is now deleted from the Secret Service.');
    expect(service.seen.filter((s) => s.key === KEY)).toEqual([]);
  });

  it('a task of the removed key says it was removed, not that the keychain lost it', async () => {
    const id = await withKey();
    service.poll = (taskId) => pending(taskId);
    const t = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a lighthouse' } as never, inputs: {} });
    await advanceUntil(clock, () => service.polls().length > 0);
    keychain.locked = true;
    await fx.ok('keys.remove', { id });
    await advanceUntil(clock, () => fx.task(t.id).state === 'failed', { describe: () => JSON.stringify(fx.task(t.id)) });
    expect(fx.task(t.id).error?.message).toMatch(/“Studio” was removed \(Gen Studio is still deleting it from the keychain\)/);
    expect(fx.task(t.id).error?.message).not.toMatch(/Add it again/);
  });

  it('a removal still pending when Gen Studio quits is finished at the next start', async () => {
    const id = await withKey();
    keychain.locked = true;
    await fx.ok('keys.remove', { id });
    await fx.core.dispose();

    await boot(); // still locked
    expect(await fx.ok('keys.list')).toEqual([expect.objectContaining({ id, removalPending: true })]);
    await fx.core.dispose();

    keychain.locked = false;
    await boot();
    await advanceUntil(clock, () => fx.events.some((e) => e.channel.endsWith('keys.changed') && (e.payload as unknown[]).length === 0), { stepMs: 100 });
    expect(await fx.ok('keys.list')).toEqual([]);
    expect(await stored(id)).toBeNull();
  });
});
