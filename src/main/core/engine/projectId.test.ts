import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { FakeClock } from '../testing/fakeClock';
import { BASE, FakeService } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';

// The results strip finds a project's results by the project id its canvas sent with each task.
let dir: Awaited<ReturnType<typeof tempDir>>;
let clock: FakeClock;
let service: FakeService;
let keychain: MemoryKeychain;
const cores: CoreFixture[] = [];

beforeEach(async () => {
  dir = await tempDir('project-id');
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

it('keeps the project a task was made for on its record and its view, across a restart; a task without one has none', async () => {
  let fx = await boot();
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: 'Acme',
    project: 'Posters',
    secret: 'sk-project-id-test-key-1234',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  const withProject = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a boat' }, inputs: {}, projectId: 'project-1234' });
  const without = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a boat' }, inputs: {} });
  expect(withProject.projectId).toBe('project-1234');
  expect(without.projectId).toBeNull();

  const record = JSON.parse(await readFile(join(dir.path, 'tasks', `${withProject.id}.json`), 'utf8')) as { projectId: string | null };
  expect(record.projectId).toBe('project-1234');

  await fx.core.dispose();
  cores.splice(0);
  fx = await boot();
  const listed = await fx.ok('tasks.list');
  expect(listed.find((t) => t.id === withProject.id)?.projectId).toBe('project-1234');
  expect(listed.find((t) => t.id === without.id)?.projectId).toBeNull();
});
