import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/index';
import { BuiltinSandbox } from '../connections/builtinSandbox';
import { testSandboxLauncher } from '../testing/sandboxLauncher';
import { ConnectionService } from '../connections/connectionService';
import { systemClock, type Logger } from '../deps';
import { captureLog } from '../testing/captureLog';
import { silentLogger } from '../log';
import { confSettings } from '../settings/confSettings';
import { NoticeBoard } from '../notices/noticeBoard';
import { MemorySecretStore } from '../secrets/memorySecretStore';
import { Redactor } from '../secrets/redactor';
import { SecretVault } from '../secrets/secretVault';
import { SettingsService } from '../settings/settingsService';
import { tempDir } from '../testing/tempDir';
import { KeyService } from './keyService';
import { KEY_PROBE_ENDPOINT } from './keyProbe';
import { endpointPath } from '../../../shared/catalog/catalog';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { refusalOf } from '../testing/refusalOf';

const KEY = 'sk-test-keyservice-A1B2C3D4';
let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ keys: { [KEY]: { credits: 321 } } });
});
afterAll(() => sandbox.close());

/** A keychain that answers, as a real one would (kind `keychain`), kept in memory for the test. */
class TestKeychain extends MemorySecretStore {
  override readonly kind = 'memory' as const;
}
const keychainLike = () => Object.assign(new TestKeychain(), { kind: 'keychain' as const });

let dir: Awaited<ReturnType<typeof tempDir>>;
let builtin: BuiltinSandbox;
beforeEach(async () => {
  dir = await tempDir('keys');
});
afterEach(async () => {
  await builtin?.close();
  await dir.remove();
});

async function services(o: { keychain?: ReturnType<typeof keychainLike> | MemorySecretStore; fetch?: typeof fetch; log?: Logger } = {}) {
  const notices = new NoticeBoard(systemClock);
  const settings = await SettingsService.open({ dir: dir.path, factory: confSettings, notices, log: silentLogger, now: () => Date.now() });
  const redactor = new Redactor();
  const vault = new SecretVault(o.keychain ?? keychainLike(), redactor, silentLogger, 'linux');
  await vault.probe();
  let changes = 0;
  builtin = new BuiltinSandbox({ timing: 'instant' }, testSandboxLauncher(), silentLogger, { changed: () => {}, stopped: () => {} });
  const connections = new ConnectionService(settings, vault, builtin, () => changes++);
  const keys = new KeyService(settings, vault, connections, { fetch: o.fetch ?? fetch, clock: systemClock, redact: (t) => redactor.redact(t), log: o.log ?? silentLogger }, notices, silentLogger, () => changes++);
  await keys.load();
  return { keys, connections, settings, notices, vault, changes: () => changes };
}

const serviceConnection = () => ({ create: { label: 'Local service', baseUrl: sandbox.baseUrl, regionalBaseUrl: sandbox.regionalBaseUrl, endpointWord: 'gen' } });

describe('keys', () => {
  it('start on the Sandbox; the first key added makes its connection active, showing only label and last four', async () => {
    const { keys, connections } = await services();
    expect(connections.active()).toMatchObject({ id: 'sandbox', kind: 'sandbox' });
    const info = await keys.add({ label: 'Studio', organization: 'Acme', project: 'Posters', secret: KEY, connection: serviceConnection() });
    expect(info).toMatchObject({ label: 'Studio', organization: 'Acme', project: 'Posters', hint: 'C3D4', storage: 'keychain', active: true, available: true });
    expect(JSON.stringify([info, keys.list(), connections.list()])).not.toContain(KEY);
    expect(connections.active()).toMatchObject({ label: 'Local service', kind: 'service', keyLabel: 'Studio', keyHint: 'C3D4' });
  });

  it('test against the service: accepted with the balance, or refused', async () => {
    const { keys } = await services();
    const good = await keys.add({ label: 'Good', organization: '', project: '', secret: KEY, connection: serviceConnection() });
    expect(await keys.test(good.id)).toMatchObject({ outcome: 'accepted', credits: 321 });
    const bad = await keys.add({ label: 'Bad', organization: '', project: '', secret: 'sk-not-known-to-the-service', connection: { id: good.connectionId } });
    const refused = await keys.test(bad.id);
    expect(refused).toMatchObject({ outcome: 'rejected', message: expect.stringContaining('did not accept this key') });
    expect(refused.message).not.toMatch(/403|Invalid API key/);
  });

  it('a test the service answers with a problem says what that means, not its HTTP status, which goes to the log', async () => {
    const troubled: typeof fetch = () => Promise.resolve(new Response('{"detail":"Upstream overloaded"}', { status: 503 }));
    const log = captureLog();
    const { keys } = await services({ fetch: troubled, log });
    const key = await keys.add({ label: 'Busy', organization: '', project: '', secret: KEY, connection: serviceConnection() });
    const tested = await keys.test(key.id);
    expect(tested).toMatchObject({
      outcome: 'inconclusive',
      message: 'The service had a problem and could not test the key. Try again later. The service said: Upstream overloaded.',
    });
    const german = say(createText('de', await loadMessages('de')), tested.words, tested.message);
    expect(german).toBe('Beim Dienst ist ein Problem aufgetreten; er konnte den Schlüssel nicht prüfen. Versuch es später noch einmal. Der Dienst sagte: Upstream overloaded.');
    expect(log.lines).toContainEqual(expect.objectContaining({ message: 'a key test was answered', data: expect.objectContaining({ status: 503, kind: 'down' }) }));
  });

  it('test with a request that cannot create a task where the balance query does not answer', async () => {
    const calls: string[] = [];
    const noCredits: typeof fetch = async (url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      if (String(url).endsWith('/v1/credits')) return new Response('Not Found', { status: 404 });
      return fetch(url, init);
    };
    const { keys } = await services({ fetch: noCredits });
    const good = await keys.add({ label: 'Good', organization: '', project: '', secret: KEY, connection: serviceConnection() });
    const before = sandbox.submissions().filter((s) => s.status === 200).length;
    expect(await keys.test(good.id)).toMatchObject({ outcome: 'accepted', credits: null });
    expect(calls).toEqual(['GET /v1/credits', `POST ${endpointPath(KEY_PROBE_ENDPOINT)}`]);
    expect(sandbox.submissions().filter((s) => s.status === 200).length).toBe(before);
  });

  it('rename, switch and remove; removing the last key returns to the Sandbox', async () => {
    const { keys, connections } = await services();
    const a = await keys.add({ label: 'A', organization: 'o', project: 'p', secret: KEY, connection: serviceConnection() });
    const b = await keys.add({ label: 'B', organization: 'o', project: 'q', secret: 'sk-second-key-9999', connection: { id: a.connectionId } });
    expect(b.active).toBe(false);
    expect(keys.update(b.id, { label: 'Billing B' }).label).toBe('Billing B');
    expect(keys.activate(b.id).active).toBe(true);
    expect(connections.active().keyLabel).toBe('Billing B');
    await keys.remove(b.id);
    expect(connections.active().keyLabel).toBe('A');
    await keys.remove(a.id);
    expect(connections.active().id).toBe('sandbox');
    expect(() => connections.activate(a.connectionId)).toThrow(/no key/);
  });

  it('refuse a label that is the key itself', async () => {
    const { keys } = await services();
    await expect(keys.add({ label: KEY, organization: '', project: '', secret: KEY, connection: serviceConnection() })).rejects.toMatchObject({
      code: 'validation',
      issues: [{ loc: ['body', 'label'] }],
    });
  });

  it('with no keychain: refuse to store unless the user accepts this session only, and drop such keys next time', async () => {
    const first = await services({ keychain: new MemorySecretStore() });
    expect(first.vault.status().available).toBe(false);
    await expect(first.keys.add({ label: 'K', organization: '', project: '', secret: KEY, connection: serviceConnection() })).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/memory for this session only/),
    });
    const info = await first.keys.add({ label: 'K', organization: '', project: '', secret: KEY, connection: serviceConnection(), sessionOnly: true });
    expect(info.storage).toBe('session');
    expect(first.connections.active().keyLabel).toBe('K');

    const next = await services({ keychain: new MemorySecretStore() });
    expect(next.keys.list()).toEqual([]);
    expect(next.connections.active().id).toBe('sandbox');
    expect(next.notices.list()[0]?.message).toMatch(/“K” was kept for the last session only/);
  });

  it('refuse a plain-http address that is not this computer', async () => {
    const { keys } = await services();
    await expect(
      keys.add({ label: 'K', organization: '', project: '', secret: KEY, connection: { create: { label: 'x', baseUrl: 'http://api.example.com', regionalBaseUrl: null, endpointWord: 'gen' } } }),
    ).rejects.toMatchObject({ code: 'validation', issues: [{ loc: ['body', 'baseUrl'] }] });
  });

  it('refuse in words the window says in its language, their English as before', async () => {
    const german = createText('de', await loadMessages('de'));
    const { keys, connections } = await services();
    const cases = [
      [await refusalOf(() => keys.add({ label: KEY, organization: '', project: '', secret: KEY, connection: serviceConnection() })), 'This looks like the key itself. Names are shown on screen; put the key only in the key field.'],
      [
        await refusalOf(() => keys.add({ label: 'K', organization: '', project: '', secret: KEY, connection: { create: { label: 'x', baseUrl: 'http://api.example.com', regionalBaseUrl: null, endpointWord: 'gen' } } })),
        'The base URL must use https: keys are never sent unencrypted (http is allowed only for this computer, e.g. http://127.0.0.1).',
      ],
      [await refusalOf(() => connections.remove('sandbox')), 'The built-in Sandbox cannot be removed.'],
      [await refusalOf(() => keys.update('gone', { label: 'x' })), 'That key no longer exists.'],
    ] as const;
    for (const [failure, english] of cases) {
      expect(failure.message).toBe(english);
      expect(failure.words, english).toBeDefined();
      const inGerman = say(german, failure.words, failure.message);
      expect(inGerman).not.toBe(english);
      expect(failure.issues?.every((i) => i.msg === english) ?? true).toBe(true);
    }
    const added = await keys.add({ label: 'Studio', organization: '', project: '', secret: KEY, connection: serviceConnection() });
    await keys.remove(added.id);
    const noKey = await refusalOf(() => connections.activate(added.connectionId));
    expect(say(german, noKey.words, noKey.message)).toBe('„Local service“ hat noch keinen Schlüssel. Füge zuerst einen hinzu.');
  });
});
