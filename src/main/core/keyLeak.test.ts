import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDocument } from '../../shared/canvas/document';
import type { CallRequest } from '../../shared/ipc/api';
import { CALLS, EVENTS, type CallName } from '../../shared/ipc/contract';
import { eventChannel } from '../../shared/ipc/define';
import type { SandboxHandle } from '../sandbox/api';
import { startSandbox } from '../sandbox/index';
import { startCore, type CoreFixture } from './testing/coreFixture';
import { MemoryKeychain } from './testing/memoryKeychain';
import { tempDir } from './testing/tempDir';

/** Every file under a folder, hidden ones and those set aside included. */
async function filesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * The key must never leave main: not in a call's answer, an event, a log line or an error. This drives every
 * call of the contract (and so every event) with keys set, a task run, a key refused and a service that echoes
 * the key it refused, then searches everything that came out.
 */
const KEY = 'sk-live-LEAKCANARY-4f1d9e2b7c';
const REFUSED = 'sk-live-REFUSEDCANARY-88aa77bb';

let sandbox: SandboxHandle;
let dir: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture;

/** The sandbox, except that it echoes a refused key back in its error, as a careless service might. */
const echoingFetch: typeof fetch = async (input, init) => {
  const key = new Headers(init?.headers).get('x-key');
  if (key === REFUSED) return new Response(JSON.stringify({ detail: `Invalid API key: ${key}` }), { status: 403, headers: { 'content-type': 'application/json' } });
  return fetch(input, init);
};

beforeAll(async () => {
  sandbox = await startSandbox({ timing: 'instant', keys: { [KEY]: { credits: 500, finetunes: ['leak-lora-a', 'leak-lora-b'] } } });
  dir = await tempDir('leak');
  // Something to be noticed at start-up, so the notice calls and events carry a payload.
  await writeFile(join(dir.path, 'settings.json'), '{ not json');
  const updater = { check: async () => ({ version: '9.9.9' }), download: async (progress: (p: number) => void) => progress(100), install: () => undefined };
  const projectFile = join(dir.path, 'Poster.genstudio');
  const projectFileDialogs = { chooseSavePath: async () => projectFile, chooseOpenPath: async () => projectFile };
  fx = await startCore({ dataDir: dir.path, fetch: echoingFetch, secrets: new MemoryKeychain(), deps: { sandboxOptions: { timing: 'instant' }, projectFileDialogs, updater } });
});
afterAll(async () => {
  await fx.core.dispose();
  await sandbox.close();
  await dir.remove();
});

const until = async (pred: () => boolean) => {
  for (let i = 0; i < 500 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(pred()).toBe(true);
};

/** A two-picture matrix, enough to drive every Explore call. */
const MATRIX = { prompt: 'a {red|blue} kite', models: ['gen-dev'], seeds: 1, firstSeed: 1, size: { width: 256, height: 256 }, sweep: null };

type Drive = { [N in CallName]: () => Promise<unknown> };

describe('the key', () => {
  it('appears in no call answer, event, log line or error', async () => {
    const call = <N extends CallName>(name: N, ...r: CallRequest<N> extends undefined ? [] : [CallRequest<N>]) => fx.call(name, ...r);
    const png = new Uint8Array(await sharp({ create: { width: 2400, height: 2000, channels: 3, background: '#468' } }).png().toBuffer());
    const ids: Record<string, string> = {};
    const batchSpec = () => ({
      tool: 'deblur' as const,
      endpointId: 'deblur-v1',
      pictures: [{ assetId: ids.small!, name: 'small.png', width: 64, height: 48 }],
      outputFolder: ids.folder!,
    });
    const ok = async <T>(p: Promise<{ ok: boolean; value?: T }>) => {
      const r = await p;
      if (!r.ok) throw new Error(JSON.stringify(r));
      return r.value as T;
    };

    const connection = { label: 'Local', baseUrl: sandbox.baseUrl, regionalBaseUrl: sandbox.regionalBaseUrl, endpointWord: 'gen' };
    // In the order a user would meet them; every call of the contract is here (the type says so).
    const drive: Drive = {
      'app.info': () => call('app.info'),
      'app.notices': () => call('app.notices'),
      'app.readyToClose': async () => {
        // The window closing: main asks (app.closing), the renderer answers.
        const closing = fx.core.beforeClose(5000);
        const answer = await call('app.readyToClose');
        expect(await closing).toBe(true);
        return answer;
      },
      'app.dismissNotice': async () => {
        const notices = await ok<Array<{ id: string }>>(call('app.notices'));
        return call('app.dismissNotice', { id: notices[0]!.id });
      },
      'keys.keychain': () => call('keys.keychain'),
      'keys.add': async () => {
        const added = await ok<{ id: string; connectionId: string }>(call('keys.add', { label: 'Main', organization: 'Org', project: 'Proj', secret: KEY, connection: { create: connection } }));
        ids.key = added.id;
        ids.connection = added.connectionId;
        const refused = await ok<{ id: string }>(call('keys.add', { label: 'Old', organization: '', project: '', secret: REFUSED, connection: { id: added.connectionId } }));
        ids.refused = refused.id;
        // Labels that contain the key are refused with an error; that error must not quote it either.
        return call('keys.add', { label: `mine ${KEY}`, organization: '', project: '', secret: KEY, connection: { id: added.connectionId } });
      },
      'keys.list': () => call('keys.list'),
      'keys.update': () => call('keys.update', { id: ids.refused!, label: 'Old key' }),
      'keys.test': async () => {
        await call('keys.test', { id: ids.refused! });
        return call('keys.test', { id: ids.key! });
      },
      'keys.activate': async () => {
        await call('keys.activate', { id: ids.refused! });
        const refused = await ok<{ id: string }>(call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'refused' }, inputs: {} }));
        await until(() => fx.tasks.get(refused.id)?.state === 'failed');
        ids.refusedTask = refused.id;
        return call('keys.activate', { id: ids.key! });
      },
      'connections.list': () => call('connections.list'),
      'connections.active': () => call('connections.active'),
      'connections.add': async () => {
        const extra = await ok<{ id: string }>(call('connections.add', { ...connection, label: 'Spare' }));
        ids.spare = extra.id;
        return extra;
      },
      'connections.update': () => call('connections.update', { id: ids.spare!, label: 'Spare (EU)' }),
      'connections.activate': () => call('connections.activate', { id: ids.spare! }),
      'connections.status': () => call('connections.status'),
      'connections.remove': () => call('connections.remove', { id: ids.spare! }),
      'settings.get': () => call('settings.get'),
      'settings.update': () => call('settings.update', { concurrencyPerKey: 4 }),
      'assets.import': async () => {
        const asset = await ok<{ id: string }>(call('assets.import', { name: 'photo.png', bytes: png }));
        ids.asset = asset.id;
        // A picture that decodes to more than 64 MB, so that opening it is told (assets.importing) and searched too.
        const large = await sharp({ create: { width: 4800, height: 4800, channels: 3, background: '#468' } }).png().toBuffer();
        await ok(call('assets.import', { name: 'large.png', bytes: new Uint8Array(large) }));
        return asset;
      },
      'assets.get': () => call('assets.get', { id: ids.asset! }),
      'assets.downscale': () => call('assets.downscale', { id: ids.asset!, maxMegapixels: 1 }),
      // Refused (a picture takes no poster): the refusal must not quote the key either.
      'assets.setPoster': () => call('assets.setPoster', { id: ids.asset!, bytes: png }),
      'tasks.submit': async () => {
        const task = await ok<{ id: string }>(call('tasks.submit', { endpointId: 'gen-pro-1.0-expand', params: { prompt: 'wider', right: 64 }, inputs: { image: { assetId: ids.asset! } } }));
        ids.task = task.id;
        await until(() => fx.tasks.get(task.id)?.state === 'done');
        return task;
      },
      'tasks.submitGroup': async () => {
        const group = await ok<Array<{ id: string }>>(call('tasks.submitGroup', { request: { endpointId: 'gen-dev', params: { prompt: 'two' }, inputs: {} }, count: 2, projectId: null }));
        await until(() => group.every((t) => fx.tasks.get(t.id)?.state === 'done'));
        return group;
      },
      'spending.estimate': () => call('spending.estimate', { request: { endpointId: 'gen-dev', params: { prompt: 'two' }, inputs: {} } }),
      'explore.quote': () => call('explore.quote', { spec: MATRIX }),
      'explore.start': async () => {
        const matrix = await ok<{ id: string }>(call('explore.start', { spec: MATRIX, projectId: null }));
        ids.matrix = matrix.id;
        await until(() => [...fx.tasks.values()].filter((t) => t.id.includes(`-${matrix.id}-`)).length === 2 && [...fx.tasks.values()].filter((t) => t.id.includes(`-${matrix.id}-`)).every((t) => t.state === 'done'));
        return matrix;
      },
      'explore.list': () => call('explore.list', {}),
      'explore.get': () => call('explore.get', { id: ids.matrix! }),
      'explore.pause': () => call('explore.pause', { id: ids.matrix! }),
      'explore.resume': () => call('explore.resume', { id: ids.matrix! }),
      'explore.cancel': () => call('explore.cancel', { id: ids.matrix! }),
      'explore.export': () => call('explore.export', { id: ids.matrix! }),
      'batch.chooseFolder': async () => {
        const chosen = await ok<{ folder: { handle: string } | null }>(call('batch.chooseFolder'));
        ids.folder = chosen.folder!.handle;
        // A small picture: the batch's one request should cost the test little time.
        const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#864' } }).png().toBuffer();
        ids.small = (await ok<{ id: string }>(call('assets.import', { name: 'small.png', bytes: new Uint8Array(small) }))).id;
        return call('batch.chooseFolder');
      },
      'batch.quote': () => call('batch.quote', { spec: batchSpec() }),
      'batch.start': async () => {
        const batch = await ok<{ id: string }>(call('batch.start', { spec: batchSpec() }));
        ids.batch = batch.id;
        return call('batch.list');
      },
      'batch.list': () => call('batch.list'),
      'batch.pause': () => call('batch.pause', { id: ids.batch! }),
      'batch.resume': () => call('batch.resume', { id: ids.batch! }),
      'batch.retry': () => call('batch.retry', { id: ids.batch!, index: 0 }),
      'batch.cancel': () => call('batch.cancel', { id: ids.batch! }),
      'tasks.list': () => call('tasks.list'),
      'tasks.cancel': async () => {
        sandbox.inject({ on: 'any', failure: { kind: 'stuck-pending' }, times: 1 });
        const stuck = await ok<{ id: string }>(call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'stuck' }, inputs: {} }));
        await until(() => fx.tasks.get(stuck.id)?.state === 'running');
        ids.stuck = stuck.id;
        return call('tasks.cancel', { id: stuck.id });
      },
      'tasks.retry': async () => {
        await call('tasks.retry', { id: ids.refusedTask! });
        return call('tasks.retry', { id: ids.stuck! });
      },
      'tasks.send': () => call('tasks.send', {}),
      'tasks.clear': () => call('tasks.clear', { id: ids.task! }),
      'library.page': () => call('library.page', { query: { text: 'lighthouse' }, offset: 0, limit: 10 }),
      'library.locate': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('library.locate', { id: items[0]!.id });
      },
      'library.facets': () => call('library.facets'),
      'library.get': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('library.get', { id: items[0]!.id });
      },
      'library.openFolder': () => call('library.openFolder'),
      'library.setPoster': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('library.setPoster', { resultId: items[0]!.id, bytes: png });
      },
      'assets.fromLibrary': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return ok(call('assets.fromLibrary', { resultId: items[0]!.id }));
      },
      'library.mark': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('library.mark', { id: items[0]!.id, starred: true });
      },
      'library.export': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('library.export', { id: items[0]!.id, format: 'webp', quality: 80 });
      },
      'library.copy': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('library.copy', { id: items[0]!.id });
      },
      'library.reveal': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('library.reveal', { id: items[0]!.id });
      },
      'library.startDrag': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('library.startDrag', { id: items[0]!.id });
      },
      'library.readDropped': () => call('library.readDropped', { name: 'photo.png', bytes: png }),
      'layers.export': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('layers.export', { source: { kind: 'result', resultId: items[0]!.id }, format: 'ora' });
      },
      'layers.startDrag': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        return call('layers.startDrag', { source: { kind: 'result', resultId: items[0]!.id }, format: 'psd' });
      },
      'layers.take': () => call('layers.take', { token: 'gone', index: 0, use: 'picture' }),
      'library.trash': async () => {
        const { items } = await ok<{ items: Array<{ id: string }> }>(call('library.page', { offset: 0, limit: 500 }));
        ids.trashed = items[0]!.id;
        return call('library.trash', { id: items[0]!.id });
      },
      'library.untrash': () => call('library.untrash', { id: ids.trashed! }),
      'finetunes.list': () => call('finetunes.list'),
      'finetunes.delete': async () => {
        await call('finetunes.delete', { id: 'no-such-lora' });
        return call('finetunes.delete', { id: 'leak-lora-b' });
      },
      'spending.summary': () => call('spending.summary', {}),
      'spending.history': () => call('spending.history', {}),
      'spending.setCaps': () => call('spending.setCaps', { keyId: ids.key!, caps: { day: 100, week: null, month: null } }),
      'spending.settle': () => call('spending.settle', { id: ids.stuck!, charged: false }),
      'shell.openExternal': () => call('shell.openExternal', { url: `https://example.com/?k=${'x'.repeat(4)}` }),
      'projects.create': async () => {
        const project = await ok<{ id: string }>(call('projects.create', { name: 'Poster', document: emptyDocument('gen-pro-1.0-fill') }));
        ids.project = project.id;
        return project;
      },
      'projects.save': () => call('projects.save', { id: ids.project!, document: { ...emptyDocument('gen-pro-1.0-fill'), mask: { ...emptyDocument('x').mask, blob: 'mask.png' } }, blobs: { 'mask.png': png } }),
      'projects.list': () => call('projects.list'),
      'projects.open': () => call('projects.open', { id: ids.project! }),
      'projects.rename': () => call('projects.rename', { id: ids.project!, name: 'Poster v2' }),
      'projects.duplicate': () => call('projects.duplicate', { id: ids.project!, name: 'Poster copy' }),
      'updates.status': () => call('updates.status'),
      'updates.setEnabled': () => call('updates.setEnabled', { enabled: true }),
      'updates.check': () => call('updates.check'),
      'updates.download': () => call('updates.download'),
      'updates.install': () => call('updates.install'),
      'projects.saveToFile': () => call('projects.saveToFile', { id: ids.project! }),
      'projects.openFile': async () => {
        // As the system opening the file with the app does, too (the projects.fileOpened event).
        expect(await fx.core.openProjectFile(join(dir.path, 'Poster.genstudio'))).toBe(true);
        return call('projects.openFile');
      },
      'projects.openDropped': async () => {
        const dropped = await call('projects.openDropped', { name: 'Poster.genstudio', bytes: new Uint8Array(await readFile(join(dir.path, 'Poster.genstudio'))) });
        ids.reopened = (dropped as { ok: boolean; value?: { alreadyOpen?: string | null } }).value?.alreadyOpen ?? '';
        return dropped;
      },
      'projects.openCopy': () => call('projects.openCopy', { token: ids.reopened ?? '' }),
      'editor.choice': () => call('editor.choice'),
      'editor.choose': () => call('editor.choose', { kind: 'pick' }),
      'editor.start': async () => {
        const session = await ok<{ fileName: string }>(call('editor.start', { projectId: ids.project!, assetId: ids.asset! }));
        // The editor saves: the save comes back as an event, searched like every other.
        const edited = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#864' } }).png().toBuffer();
        await writeFile(join(dir.path, 'projects', ids.project!, 'editing', session.fileName), edited);
        await until(() => fx.events.some((e) => e.channel === eventChannel('editor.saved')));
        return session;
      },
      'editor.session': () => call('editor.session', { projectId: ids.project! }),
      'editor.accept': () => call('editor.accept', { projectId: ids.project!, saveId: '1-none' }),
      'editor.stop': () => call('editor.stop', { projectId: ids.project! }),
      'clipboard.copyAsset': () => call('clipboard.copyAsset', { assetId: ids.asset! }),
      'clipboard.readImage': () => call('clipboard.readImage'),
      'projects.remove': () => call('projects.remove', { id: ids.project! }),
      'keys.remove': () => call('keys.remove', { id: ids.refused! }),
      'keys.retry': () => call('keys.retry'),
    };
    expect(Object.keys(drive).sort()).toEqual(Object.keys(CALLS).sort());

    const order: CallName[] = [
      'app.info', 'app.notices', 'app.dismissNotice', 'keys.keychain', 'keys.add', 'keys.list', 'keys.update', 'keys.test',
      'keys.activate', 'connections.list', 'connections.active', 'connections.add', 'connections.update', 'connections.activate',
      'connections.status', 'connections.remove', 'settings.get', 'settings.update', 'assets.import', 'assets.get', 'assets.downscale', 'assets.setPoster',
      'tasks.submit', 'tasks.submitGroup', 'spending.estimate', 'explore.quote', 'explore.start', 'explore.list', 'explore.get', 'explore.pause', 'explore.resume', 'explore.cancel', 'explore.export', 'batch.chooseFolder', 'batch.quote', 'batch.start', 'batch.list', 'batch.pause', 'batch.resume', 'batch.retry', 'batch.cancel', 'tasks.list', 'tasks.cancel', 'tasks.retry', 'tasks.send', 'library.page', 'library.locate', 'library.facets', 'library.get', 'library.openFolder', 'library.setPoster',
      'library.mark', 'library.export', 'library.copy', 'library.reveal', 'library.startDrag', 'library.readDropped', 'layers.export', 'layers.startDrag', 'layers.take', 'library.trash', 'library.untrash',
      'finetunes.list', 'finetunes.delete',
      'assets.fromLibrary', 'tasks.clear', 'spending.summary', 'spending.history', 'spending.setCaps', 'spending.settle', 'shell.openExternal', 'updates.status', 'updates.setEnabled', 'updates.check', 'updates.download', 'updates.install', 'projects.create', 'projects.save',
      'projects.list', 'projects.open', 'projects.rename', 'projects.duplicate', 'projects.saveToFile', 'projects.openFile', 'projects.openDropped', 'projects.openCopy', 'editor.choice', 'editor.choose', 'editor.start', 'editor.session', 'editor.accept', 'editor.stop', 'clipboard.copyAsset', 'clipboard.readImage', 'projects.remove', 'app.readyToClose', 'keys.retry', 'keys.remove',
    ];
    expect([...order].sort()).toEqual(Object.keys(CALLS).sort());
    for (const name of order) await drive[name]();
    await fx.core.dispose();

    // Every event of the contract was sent at least once, so each was searched.
    const channels = new Set(fx.events.map((e) => e.channel));
    // Except the one a click on a system notification sends (a result id, nothing else); none is shown in this run.
    for (const name of Object.keys(EVENTS).filter((n) => n !== 'library.openRequested')) expect(channels, name).toContain(eventChannel(name));
    // The refused key's task failed saying so in words, without the service's (echoing) message.
    expect(fx.task(ids.refusedTask!).error?.message).toMatch(/^The service did not accept the key “Old key”/);

    const everything = JSON.stringify({ results: fx.results, events: fx.events, log: fx.log });
    for (const secret of [KEY, REFUSED]) {
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(Buffer.from(secret).toString('base64'));
      expect(everything).not.toContain(secret.slice(0, 16));
    }
    // The hints are there: the last four characters, and nothing more.
    expect(everything).toContain('"hint":"7c"'.replace('7c', KEY.slice(-4)));

    // Nor on disk: every file the core wrote into its data folder (settings and the copy set aside, task
    // records, sidecars, the spending ledger, assets, projects, logs) is searched, bytes and all.
    const files = await filesUnder(dir.path);
    const names = files.map((f) => relative(dir.path, f));
    for (const expected of [/^settings\.json$/, /^settings\.unreadable-.*\.json$/, /^tasks\/[^/]+\.json$/, /^library\/[^/.][^/]*\.json$/, /^spending\.json$/]) {
      expect(names.some((n) => expected.test(n)), `${expected} among ${names.join(', ')}`).toBe(true);
    }
    const needles = [KEY, REFUSED].flatMap((secret) => [secret, Buffer.from(secret).toString('base64'), secret.slice(0, 16)]).map((n) => Buffer.from(n));
    for (const file of files) {
      const bytes = await readFile(file);
      for (const needle of needles) expect(bytes.includes(needle), `${relative(dir.path, file)} holds ${needle.toString()}`).toBe(false);
      // Also as UTF-16, in case anything wrote it that way.
      for (const needle of needles) expect(bytes.includes(Buffer.from(needle.toString(), 'utf16le')), relative(dir.path, file)).toBe(false);
    }
  });
});
