import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TaskInfo } from '../../../shared/ipc/contract';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { BASE, FakeService, json, pending } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';

/**
 * Start-up reads every record and resumes each task. A task that finishes while start-up is still going
 * frees its slot, and the queued task that takes it is being sent: start-up must not then mistake it for one
 * a crash left `submitting` and call its outcome unknown. (The SIGKILL crash test found this.)
 */

let dir: Awaited<ReturnType<typeof tempDir>>;
const cores: CoreFixture[] = [];
beforeEach(async () => {
  dir = await tempDir('startup');
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.core.dispose();
  await dir.remove();
});

const until = async (pred: () => boolean, what: string) => {
  for (let i = 0; i < 6000 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!pred()) throw new Error(`never: ${what}`);
};

it('a queued task sent while start-up is still resuming others is not called outcome-unknown', async () => {
  const service = new FakeService();
  const keychain = new MemoryKeychain();
  service.poll = (id) => pending(id);
  let fx = await startCore({ dataDir: dir.path, fetch: service.fetch, secrets: keychain });
  cores.push(fx);
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: '',
    project: '',
    secret: 'sk-startup-test-key-4Q7W',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  // Every slot free for the queued task, however many the crash left mid-send.
  await fx.ok('settings.update', { concurrencyPerKey: 24 });
  const running = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'running' } as never, inputs: {} });
  await until(() => fx.tasks.get(running.id)?.state === 'running', 'running');
  await fx.core.dispose();
  cores.splice(0);

  // On disk: the running task (first), many tasks a crash left mid-send (start-up writes each one's record
  // again), and last a queued one, which goes out as soon as the running task finishes.
  const file = (id: string) => join(dir.path, 'tasks', `${id}.json`);
  const template = JSON.parse(await readFile(file(running.id), 'utf8')) as Record<string, unknown>;
  const createdAt = template.createdAt as number;
  for (let i = 0; i < 60; i++) {
    const id = `unknown-${i}`;
    await writeFile(file(id), JSON.stringify({ ...template, id, createdAt: createdAt + 1 + i, state: 'submitting', remote: null, submittedAt: createdAt + 1 + i, serviceStatus: null }));
  }
  const queuedId = 'queued-last';
  await writeFile(file(queuedId), JSON.stringify({ ...template, id: queuedId, createdAt: createdAt + 1000, state: 'queued', remote: null, submittedAt: null, serviceStatus: null, pollingSince: null }));

  service.poll = (id) => json(200, { id, status: 'Ready', result: { sample: 'https://storage.example.net/x/sample.jpg?sig=1', seed: 1 }, progress: null, details: null });
  // The queued task's request is answered once start-up is over, so it is on its way while start-up goes on.
  let started!: () => void;
  const startUpOver = new Promise<void>((r) => (started = r));
  service.submit = async (n) => {
    await startUpOver;
    return json(200, { id: `late-${n}`, polling_url: `${BASE}/v1/get_result?id=late-${n}`, cost: 2 });
  };
  fx = await startCore({ dataDir: dir.path, fetch: service.fetch, secrets: keychain });
  cores.push(fx);
  started();
  await until(() => fx.tasks.get(queuedId)?.state === 'done', 'the queued task done');
  const seen = fx.events.filter((e) => (e.payload as TaskInfo | undefined)?.id === queuedId).map((e) => (e.payload as TaskInfo).state);
  expect(seen).not.toContain('outcome-unknown');
  expect(service.submits()).toHaveLength(2);
}, 90_000);

it('a task held by its paused run stays unsent through a start, and one a crash left being prepared goes back in line', async () => {
  const service = new FakeService();
  const keychain = new MemoryKeychain();
  let fx = await startCore({ dataDir: dir.path, fetch: service.fetch, secrets: keychain });
  cores.push(fx);
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: '',
    project: '',
    secret: 'sk-startup-test-key-4Q7W',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  await fx.ok('settings.update', { concurrencyPerKey: 24 });
  const first = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'first' } as never, inputs: {} });
  await until(() => fx.tasks.get(first.id)?.state === 'done', 'the first task done');
  await fx.core.dispose();
  cores.splice(0);

  const file = (id: string) => join(dir.path, 'tasks', `${id}.json`);
  const template = JSON.parse(await readFile(file(first.id), 'utf8')) as Record<string, unknown>;
  const fresh = { ...template, remote: null, submittedAt: null, finishedAt: null, serviceStatus: null, pollingSince: null, resultId: null, sampleUrl: null, readyAt: null, settledCost: null };
  const write = (id: string, fields: Record<string, unknown>) => writeFile(file(id), JSON.stringify({ ...fresh, id, ...fields }));
  await write('held-queued', { state: 'queued', held: true });
  // A pause (or a cancel) wrote it while it was being prepared: nothing had gone, it had no time of sending.
  await write('held-preparing', { state: 'submitting', held: true });
  await write('cancelled-preparing', { state: 'submitting', cancelRequested: true });
  await write('sentinel', { state: 'queued', createdAt: (template.createdAt as number) + 1000 });

  fx = await startCore({ dataDir: dir.path, fetch: service.fetch, secrets: keychain });
  cores.push(fx);
  await until(() => fx.tasks.get('sentinel')?.state === 'done', 'the sentinel done');
  expect(service.submits()).toHaveLength(2);
  const states = Object.fromEntries((await fx.ok('tasks.list')).map((t) => [t.id, t.state]));
  // Passed by in the queue, not taken and put back again and again.
  expect(fx.events.filter((e) => (e.payload as TaskInfo | undefined)?.id === 'held-queued')).toHaveLength(0);
  expect(states).toMatchObject({ 'held-queued': 'queued', 'held-preparing': 'queued', 'cancelled-preparing': 'cancelled', sentinel: 'done' });
}, 90_000);
