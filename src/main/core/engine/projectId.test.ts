import { readFile, writeFile } from 'node:fs/promises';
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
  // A task sent from the studio (or the gallery) is a Generate: the strip holds it.
  expect([withProject.origin, without.origin]).toEqual(['generate', 'generate']);

  const record = JSON.parse(await readFile(join(dir.path, 'tasks', `${withProject.id}.json`), 'utf8')) as { projectId: string | null };
  expect(record.projectId).toBe('project-1234');

  await fx.core.dispose();
  cores.splice(0);
  fx = await boot();
  const listed = await fx.ok('tasks.list');
  expect(listed.find((t) => t.id === withProject.id)?.projectId).toBe('project-1234');
  expect(listed.find((t) => t.id === without.id)?.projectId).toBeNull();
});

// Issue 23, point 3: a project id the contract took but the files did not once made paid tasks vanish at the
// next start. One schema now: what the door refuses is refused in words; a record with an older form keeps all
// but the id.
it('refuses at the door a project id no file would keep, and keeps a record that carries one from before', async () => {
  let fx = await boot();
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: '',
    project: '',
    secret: 'sk-project-id-test-key-5678',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  for (const projectId of ['X', 'Project One', '../../etc', 'a'.repeat(65)]) {
    const refused = await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a boat' }, inputs: {}, projectId });
    expect(refused, projectId).toMatchObject({ ok: false });
  }
  expect(await fx.ok('tasks.list')).toEqual([]);

  const task = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a boat' }, inputs: {}, projectId: 'project-5678' });
  await fx.core.dispose();
  cores.splice(0);
  // As an older version wrote it: a project id of another form, on the record and in its request.
  const file = join(dir.path, 'tasks', `${task.id}.json`);
  const record = JSON.parse(await readFile(file, 'utf8')) as { request: Record<string, unknown> };
  await writeFile(file, JSON.stringify({ ...record, projectId: 'X', request: { ...record.request, projectId: 'X' } }));
  fx = await boot();
  const listed = await fx.ok('tasks.list');
  expect(listed.map((t) => [t.id, t.projectId])).toEqual([[task.id, null]]);
});
