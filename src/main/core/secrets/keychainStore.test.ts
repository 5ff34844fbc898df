import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { KeychainStore } from './keychainStore';
import { Redactor } from './redactor';
import { SecretVault } from './secretVault';

/**
 * These run against the real OS keychain. On Linux that is a Secret Service on the session bus: CI starts
 * gnome-keyring inside `dbus-run-session` (see .ci/run and docs/keys.md); without one they skip, saying why.
 */
const SERVICE = `gen-studio-test-${randomUUID()}`;

async function secretServiceReachable(): Promise<string | undefined> {
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) return 'DBUS_SESSION_BUS_ADDRESS is not set';
  try {
    await KeychainStore.load().getPassword(SERVICE, 'probe');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const unreachable = await secretServiceReachable();
if (unreachable) {
  console.warn(
    `[keychain] SKIPPED the real-keychain tests: no Secret Service on the session bus (${unreachable}). ` +
      "Run them with: dbus-run-session -- bash -c 'printf pass | gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null; node_modules/.bin/vitest run src/main/core/secrets'",
  );
}

describe.skipIf(unreachable !== undefined)('the OS keychain (real Secret Service)', () => {
  const store = KeychainStore.load();
  afterAll(async () => {
    for (const { account } of await store.findCredentials(SERVICE)) await store.deletePassword(SERVICE, account);
  });

  it('stores, finds, reads back and deletes a key through keytar’s API', async () => {
    await store.setPassword(SERVICE, 'key-1', 'sk-test-0123456789');
    expect(await store.getPassword(SERVICE, 'key-1')).toBe('sk-test-0123456789');
    expect(await store.findCredentials(SERVICE)).toEqual([{ account: 'key-1', password: 'sk-test-0123456789' }]);
    expect(await store.deletePassword(SERVICE, 'key-1')).toBe(true);
    expect(await store.getPassword(SERVICE, 'key-1')).toBeNull();
    expect(await store.deletePassword(SERVICE, 'key-1')).toBe(false);
  });

  it('keeps a key across a restart of the vault (a new process reading the same keychain)', async () => {
    const first = new SecretVault(store, new Redactor(), silentLogger, process.platform, SERVICE);
    expect((await first.probe()).available).toBe(true);
    await first.put('key-2', 'sk-live-persisted-4321', 'keychain');

    const second = new SecretVault(KeychainStore.load(), new Redactor(), silentLogger, process.platform, SERVICE);
    await second.probe();
    expect(await second.get('key-2', 'keychain')).toBe('sk-live-persisted-4321');
    expect(await second.remove('key-2', 'keychain')).toBe(true);
    expect(await second.get('key-2', 'keychain')).toBeNull();
  });
});

describe.skipIf(process.platform !== 'linux')('on Linux', () => {
  it('never falls back to the kernel keyring: without a Secret Service, storing a key fails loudly', () => {
    const script = fileURLToPath(new URL('./testing/storeWithoutBus.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/gen-studio-bus' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    // Unpinned, the library would try the kernel keyring next and either store the key there (lost at reboot)
    // or fail with that store's error; pinned, the only error is the Secret Service's own.
    expect(child.stdout.trim(), child.stderr).toMatch(/^refused: .*DBus/);
  });

  it('says plainly that no keychain is reachable, and offers this session’s memory', async () => {
    const noBus = async (): Promise<never> => Promise.reject(new Error('no bus'));
    const vault = new SecretVault(
      { kind: 'keychain', getPassword: noBus, setPassword: noBus, deletePassword: noBus, findCredentials: noBus },
      new Redactor(),
      silentLogger,
      'linux',
      SERVICE,
    );
    const status = await vault.probe();
    expect(status.available).toBe(false);
    expect(status.message).toMatch(/No keychain is reachable.*Secret Service.*memory for this session only/);
    await expect(vault.put('k', 'sk-session-only-1', 'keychain')).rejects.toMatchObject({ code: 'unavailable' });
    await vault.put('k', 'sk-session-only-1', 'session');
    expect(await vault.get('k', 'session')).toBe('sk-session-only-1');
  });
});
