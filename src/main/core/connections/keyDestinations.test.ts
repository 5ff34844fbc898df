import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskState } from '../../../shared/ipc/contract';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { advanceUntil, FakeClock, settle } from '../testing/fakeClock';
import { BASE, FakeService, json, pending } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import type { KeyDestinationQuestion } from './keyDestinationQuestion';
import { keyDestinationDialog } from './keyDestinationQuestion';

const KEY = 'sk-destinations-test-key-9Z3X';
const ELSEWHERE = 'https://api.elsewhere.example.org';
const NOTES = 'Gen Studio key destinations';

let dir: Awaited<ReturnType<typeof tempDir>>;
let service: FakeService;
let clock: FakeClock;
let keychain: MemoryKeychain;
let questions: KeyDestinationQuestion[];
/** What the user answers in the main process's dialog. */
let answer: boolean;
let fx: CoreFixture;
const cores: CoreFixture[] = [];

beforeEach(async () => {
  dir = await tempDir('destinations');
  clock = new FakeClock();
  service = new FakeService(() => clock.now());
  keychain = new MemoryKeychain();
  questions = [];
  answer = false;
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.core.dispose();
  await dir.remove();
});

async function boot(): Promise<CoreFixture> {
  const confirmKeyDestination = async (q: KeyDestinationQuestion) => {
    questions.push(q);
    return answer;
  };
  fx = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: keychain, deps: { confirmKeyDestination } });
  cores.push(fx);
  return fx;
}

async function withKey(): Promise<string> {
  await boot();
  const key = await fx.ok('keys.add', {
    label: 'Studio',
    organization: 'Acme',
    project: 'Posters',
    secret: KEY,
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  return key.id;
}

const submitDev = () => fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk' } as never, inputs: {} });
const until = (pred: () => boolean, describe?: () => string) => advanceUntil(clock, pred, { describe, stepMs: 100 });
const reach = (id: string, s: TaskState) => until(() => fx.tasks.get(id)?.state === s, () => JSON.stringify(fx.tasks.get(id)));
/** Every request that carried the key to a host. */
const keyedTo = (origin: string) => service.seen.filter((s) => s.key === KEY && s.url.startsWith(origin));

describe('a key is bound to the addresses it was added for', () => {
  it('records them beside the key in the keychain, not in the data folder', async () => {
    const id = await withKey();
    expect(JSON.parse((await keychain.getPassword(NOTES, id))!)).toEqual({ v: 1, origins: [BASE] });
    expect(await readFile(join(dir.path, 'settings.json'), 'utf8')).not.toContain('destinations');
  });

  it('after connections.update moves the base URL, the key goes there only once the user confirms, naming the new host', async () => {
    const id = await withKey();
    const conn = (await fx.ok('connections.list')).find((c) => c.kind === 'service')!;
    await fx.ok('connections.update', { id: conn.id, baseUrl: ELSEWHERE });
    // The service there answers polling on a host of its own domain.
    service.submit = (n) => json(200, { id: `e${n}`, polling_url: `https://eu.api.elsewhere.example.org/v1/get_result?id=e${n}`, cost: 1 });

    // The user says no: nothing carries the key to the new host, and the refusal says why.
    const tested = await fx.call('keys.test', { id });
    expect(tested.ok ? tested.value.outcome : 'refused').not.toBe('accepted');
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({ reason: 'address-changed', keyLabel: 'Studio', hosts: ['api.elsewhere.example.org'], knownHosts: ['api.example.test'] });
    expect(keyDestinationDialog(questions[0]!).message).toContain('api.elsewhere.example.org');
    const submitted = await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'x' } as never, inputs: {} });
    expect(submitted).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('api.elsewhere.example.org') } });
    // A refusal holds for the session: five more tries do not bring five more dialogs.
    for (let i = 0; i < 5; i++) await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'x' } as never, inputs: {} });
    expect(questions).toHaveLength(1);
    expect(keyedTo(ELSEWHERE)).toEqual([]);
    expect(service.seen.filter((s) => s.key === KEY)).toEqual([]);

    // Test is the user acting on the key: asked again, and a yes lets it go, from then on without asking.
    answer = true;
    await fx.call('keys.test', { id });
    expect(questions).toHaveLength(2);
    expect(keyedTo(ELSEWHERE).length).toBeGreaterThan(0);
    const t = await submitDev();
    await reach(t.id, 'done');
    expect(questions).toHaveLength(2);
    expect(JSON.parse((await keychain.getPassword(NOTES, id))!).origins).toEqual([ELSEWHERE, BASE].sort());
  });

  it('asks once however many tasks wait on the answer', async () => {
    await withKey();
    const conn = (await fx.ok('connections.list')).find((c) => c.kind === 'service')!;
    await fx.ok('connections.update', { id: conn.id, regionalBaseUrl: 'https://us.elsewhere.example.org' });
    answer = true;
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => submitDev().then((t) => t.id)));
    for (const id of ids) await reach(id, 'done');
    expect(questions).toHaveLength(1);
    expect(questions[0]!.hosts).toEqual(['us.elsewhere.example.org']);
  });

  it('a base URL edited in settings.json by hand gets no key until the user confirms', async () => {
    const id = await withKey();
    await fx.core.dispose();
    const file = join(dir.path, 'settings.json');
    const settings = JSON.parse(await readFile(file, 'utf8')) as { connections: Array<{ baseUrl: string }> };
    settings.connections[0]!.baseUrl = 'https://collector.attacker.net';
    await writeFile(file, JSON.stringify(settings));

    await boot();
    const refused = await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'x' } as never, inputs: {} });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(questions).toEqual([expect.objectContaining({ reason: 'address-changed', hosts: ['collector.attacker.net'] })]);
    await fx.call('keys.test', { id });
    await fx.call('spending.summary', { keyId: id });
    await settle(5);
    expect(keyedTo('https://collector.attacker.net')).toEqual([]);
    // Nor can the same hand add the host to the key's list: it is in the keychain, not the data folder.
    expect(JSON.parse((await keychain.getPassword(NOTES, id))!).origins).toEqual([BASE]);
  });

  it('without a dialog to ask with, a changed address is refused', async () => {
    await withKey();
    const conn = (await fx.ok('connections.list')).find((c) => c.kind === 'service')!;
    await fx.ok('connections.update', { id: conn.id, baseUrl: ELSEWHERE });
    await fx.core.dispose();
    fx = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: keychain });
    cores.push(fx);
    expect(await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'x' } as never, inputs: {} })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(keyedTo(ELSEWHERE)).toEqual([]);
  });

  it('a key from before addresses were recorded is confirmed once', async () => {
    const id = await withKey();
    await keychain.deletePassword(NOTES, id);
    await fx.core.dispose();
    answer = true;
    await boot();
    const t = await submitDev();
    await reach(t.id, 'done');
    expect(questions).toEqual([expect.objectContaining({ reason: 'not-yet-recorded', hosts: ['api.example.test'] })]);
  });
});

describe('polling hosts', () => {
  it('the key goes to a polling host outside the connection’s domain only when the user allows it, and that is remembered', async () => {
    const id = await withKey();
    service.submit = (n) => json(200, { id: `f${n}`, polling_url: `https://poll.attacker.net/v1/get_result?id=f${n}`, cost: 1 });
    const refused = await submitDev();
    await reach(refused.id, 'failed');
    expect(fx.task(refused.id).error).toMatchObject({ code: 'insecure', message: expect.stringContaining('poll.attacker.net') });
    expect(questions).toEqual([expect.objectContaining({ reason: 'polling-host', hosts: ['poll.attacker.net'], knownHosts: ['example.test'] })]);
    expect(keyedTo('https://poll.attacker.net')).toEqual([]);

    answer = true;
    await fx.call('keys.test', { id });
    const allowed = await submitDev();
    await reach(allowed.id, 'done');
    expect(keyedTo('https://poll.attacker.net').length).toBeGreaterThan(0);
    const again = await submitDev();
    await reach(again.id, 'done');
    expect(questions).toHaveLength(2);
  });

  it('hosts of the connection’s own registrable domain need no question', async () => {
    await withKey();
    service.submit = (n) => json(200, { id: `r${n}`, polling_url: `https://eu-4.api.example.test/v1/get_result?id=r${n}`, cost: 1 });
    const t = await submitDev();
    await reach(t.id, 'done');
    expect(questions).toEqual([]);
  });

  it('a task record edited on disk cannot send the key to a foreign host at the next start', async () => {
    await withKey();
    service.poll = (id) => pending(id);
    const t = await submitDev();
    await until(() => service.polls().length > 0);
    await fx.core.dispose();
    const file = join(dir.path, 'tasks', `${t.id}.json`);
    const record = JSON.parse(await readFile(file, 'utf8')) as { remote: { pollingUrl: string } };
    record.remote.pollingUrl = 'https://collector.attacker.net/v1/get_result?id=task-1';
    await writeFile(file, JSON.stringify(record));
    const before = service.seen.length;

    answer = true; // even a user who would say yes is not asked about a stored address
    await boot();
    await reach(t.id, 'failed');
    expect(fx.task(t.id).error).toMatchObject({ code: 'insecure', message: expect.stringContaining('collector.attacker.net') });
    expect(service.seen.slice(before).filter((s) => s.url.includes('attacker'))).toEqual([]);
    expect(questions).toEqual([]);
  });
});
