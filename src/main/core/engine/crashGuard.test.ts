import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { FakeClock, advanceUntil } from '../testing/fakeClock';
import { BASE, FakeService, pending, ready } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import { UNREAD_FOLDER } from './crashGuard';

// The crash-loop guard's bookkeeping, in process (crashLoop.test.ts kills a real process): what a start does with
// the count of runs that died mid-step, and where a result that could not be read is kept.

let dir: Awaited<ReturnType<typeof tempDir>>;
let clock: FakeClock;
let service: FakeService;
let keychain: MemoryKeychain;
const cores: CoreFixture[] = [];

beforeEach(async () => {
  dir = await tempDir('crash-guard');
  clock = new FakeClock();
  service = new FakeService(() => clock.now());
  keychain = new MemoryKeychain();
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.core.dispose();
  await dir.remove();
});

async function boot(): Promise<CoreFixture> {
  const fx = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: keychain });
  cores.push(fx);
  return fx;
}

/** A task left `downloading` on disk by a run that died mid-step `crashes` times in a row. */
async function leftDownloading(crashes: number): Promise<string> {
  const fx = await boot();
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: '',
    project: '',
    secret: 'sk-crash-guard-key-2F6D',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  service.poll = (id) => pending(id);
  const task = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'guarded' } as never, inputs: {} });
  await advanceUntil(clock, () => fx.tasks.get(task.id)?.state === 'running');
  await fx.core.dispose();
  cores.splice(0);
  const file = join(dir.path, 'tasks', `${task.id}.json`);
  const record = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...record, state: 'downloading', serviceStatus: 'Ready', sampleUrl: 'https://storage.example.net/task-1/sample.jpg?sig=abc', stepCrashes: crashes }));
  service.poll = (id) => ready(id);
  return task.id;
}

describe('the crash-loop guard', () => {
  it('sets aside a task two runs died on, naming where its result is kept, and does not fetch it', async () => {
    const id = await leftDownloading(2);
    const unread = join(dir.path, 'library', UNREAD_FOLDER);
    await mkdir(unread, { recursive: true });
    await writeFile(join(unread, `${id}.mp4`), new Uint8Array([1, 2, 3]));
    const fx = await boot();
    await advanceUntil(clock, () => fx.tasks.get(id)?.state === 'failed');
    const task = fx.task(id);
    expect(task.error).toMatchObject({ code: 'set-aside' });
    expect(task.error!.message).toContain(`could not be read`);
    expect(task.error!.message).toContain(join(unread, `${id}.mp4`));
    expect(task.canRetry).toBe(true);
    expect(task.retryWarning).toBeNull();
    expect(service.downloads()).toEqual([]);
    const notices = fx.events.filter((e) => e.channel.endsWith('app.notice')).map((e) => (e.payload as { message: string }).message);
    expect(notices.some((m) => m.startsWith('A task was set aside.') && m.includes(`${id}.mp4`))).toBe(true);
  });

  it('keeps the bytes before reading them once a run died mid-step, and lets them go when the result is filed', async () => {
    const id = await leftDownloading(1);
    const fx = await boot();
    await advanceUntil(clock, () => fx.tasks.get(id)?.state === 'done');
    expect(service.downloads()).toHaveLength(1);
    expect(await readdir(join(dir.path, 'library', UNREAD_FOLDER))).toEqual([]);
    const record = JSON.parse(await readFile(join(dir.path, 'tasks', `${id}.json`), 'utf8')) as { stepCrashes: number };
    expect(record.stepCrashes).toBe(0);
  });

  it('finishes, not sets aside, a task whose result was filed whole before the runs died', async () => {
    const id = await leftDownloading(1);
    let fx = await boot();
    await advanceUntil(clock, () => fx.tasks.get(id)?.state === 'done');
    const resultId = fx.task(id).resultId;
    await fx.core.dispose();
    cores.splice(0);
    // Two runs died after the sidecar was written and before the record said done.
    const file = join(dir.path, 'tasks', `${id}.json`);
    const record = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...record, state: 'downloading', resultId: null, finishedAt: null, stepCrashes: 2 }));
    fx = await boot();
    await advanceUntil(clock, () => fx.tasks.get(id)?.state === 'done');
    expect(fx.task(id).resultId).toBe(resultId);
    expect(fx.task(id).error).toBeNull();
    expect(service.downloads()).toHaveLength(1);
    const notices = fx.events.filter((e) => e.channel.endsWith('app.notice')).map((e) => (e.payload as { message: string }).message);
    expect(notices.some((m) => m.startsWith('A task was set aside.'))).toBe(false);
  });

  it('a Retry of a set-aside task fetches it again without sending it again', async () => {
    const id = await leftDownloading(2);
    const fx = await boot();
    await advanceUntil(clock, () => fx.tasks.get(id)?.state === 'failed');
    await fx.ok('tasks.retry', { id });
    await advanceUntil(clock, () => fx.tasks.get(id)?.state === 'done');
    expect(service.submits()).toHaveLength(1);
  });
});
