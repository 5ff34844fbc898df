import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { confSettings } from './confSettings';
import { NoticeBoard } from '../notices/noticeBoard';
import { tempDir } from '../testing/tempDir';
import { SETTINGS_VERSION } from './schema';
import { SettingsService } from './settingsService';

let dir: { path: string; remove: () => Promise<void> };
let notices: NoticeBoard;
beforeEach(async () => {
  dir = await tempDir('settings');
  notices = new NoticeBoard({ now: () => 1_700_000_000_000 });
});
afterEach(() => dir.remove());

const open = () => SettingsService.open({ dir: dir.path, factory: confSettings, notices, log: silentLogger, now: () => 1_700_000_000_000 });
const file = () => join(dir.path, 'settings.json');

describe('settings', () => {
  it('start from defaults and keep what is changed across a restart', async () => {
    const first = await open();
    expect(first.get()).toMatchObject({ schemaVersion: SETTINGS_VERSION, activeConnectionId: 'sandbox', preferences: { concurrencyPerKey: 8 } });
    first.update((s) => {
      s.preferences.sendWhenOnline = 'on-request';
    });
    const second = await open();
    expect(second.get().preferences.sendWhenOnline).toBe('on-request');
    expect(notices.list()).toEqual([]);
  });

  it('refuse a change the schema does not allow, and keep the old value', async () => {
    const s = await open();
    expect(() => s.update((d) => void (d.preferences.concurrencyPerKey = 0))).toThrow();
    expect(s.get().preferences.concurrencyPerKey).toBe(8);
    expect((await open()).get().preferences.concurrencyPerKey).toBe(8);
  });

  it('set an unreadable file aside with a notice and start on defaults', async () => {
    await writeFile(file(), '{"preferences": {"concurrencyPerKey": 3', 'utf8');
    const s = await open();
    expect(s.get().preferences.concurrencyPerKey).toBe(8);
    const [notice] = notices.list();
    expect(notice?.message).toMatch(/could not be read.*set aside/);
    const names = await readdir(dir.path);
    const aside = names.find((n) => n.startsWith('settings.unreadable-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir.path, aside!), 'utf8')).toContain('"concurrencyPerKey": 3');
  });

  it('set aside a folder where the settings file should be, and start on defaults', async () => {
    await mkdir(join(file(), 'inside'), { recursive: true });
    const s = await open();
    expect(s.get().preferences.concurrencyPerKey).toBe(8);
    expect(notices.list()[0]?.message).toMatch(/could not be read.*set aside as .*settings\.unreadable-.*default settings/);
    const aside = (await readdir(dir.path)).find((n) => n.startsWith('settings.unreadable-'));
    expect(await readdir(join(dir.path, aside!))).toEqual(['inside']);
    // The store writes a real file in its place, so the next start reads it.
    s.update((d) => void (d.preferences.concurrencyPerKey = 3));
    expect((await open()).get().preferences.concurrencyPerKey).toBe(3);
  });

  it('keep the good parts of a damaged file, reset the rest, and say which', async () => {
    await writeFile(
      file(),
      JSON.stringify({
        schemaVersion: SETTINGS_VERSION,
        preferences: { concurrencyPerKey: 'many', sendWhenOnline: 'automatically' },
        spendingCaps: { k1: { day: 5, week: null, month: 100 } },
        keys: [
          { id: 'k1', label: 'Studio', organization: 'o', project: 'p', hint: 'abcd', connectionId: 'c1', storage: 'keychain', createdAt: 1 },
          { id: 'broken' },
        ],
      }),
    );
    const s = await open();
    expect(s.get().spendingCaps).toEqual({ k1: { day: 5, week: null, month: 100 } });
    expect(s.get().preferences.concurrencyPerKey).toBe(8);
    expect(s.get().keys.map((k) => k.id)).toEqual(['k1']);
    expect(notices.list()[0]?.message).toMatch(/keys, preferences/);
    expect((await readdir(dir.path)).some((n) => n.startsWith('settings.damaged-'))).toBe(true);
  });

  it('read a cap on tasks per key written when more were allowed as the most the service takes, keeping the other preferences', async () => {
    await writeFile(file(), JSON.stringify({ schemaVersion: SETTINGS_VERSION, preferences: { concurrencyPerKey: 64, sendWhenOnline: 'on-request', theme: 'dark' } }));
    const s = await open();
    expect(s.get().preferences).toEqual({ concurrencyPerKey: 24, sendWhenOnline: 'on-request', theme: 'dark' });
    expect(notices.list()).toEqual([]);
  });

  it('migrate a file written before settings had a version', async () => {
    await writeFile(
      file(),
      JSON.stringify({
        concurrencyPerKey: 4,
        sendWhenOnline: 'on-request',
        connections: [{ id: 'c1', label: 'Service', baseUrl: 'https://api.example.com', regionalBaseUrl: null, keyId: null }],
      }),
    );
    const s = await open();
    expect(s.get()).toMatchObject({
      schemaVersion: SETTINGS_VERSION,
      preferences: { concurrencyPerKey: 4, sendWhenOnline: 'on-request' },
      connections: [{ id: 'c1', endpointWord: 'gen' }],
    });
    expect(JSON.parse(await readFile(file(), 'utf8')).schemaVersion).toBe(SETTINGS_VERSION);
    expect(notices.list()).toEqual([]);
  });

  it('keep a copy of a file from a newer version instead of misreading it', async () => {
    await writeFile(file(), JSON.stringify({ schemaVersion: SETTINGS_VERSION + 5, preferences: { futureThing: true } }));
    const s = await open();
    expect(s.get().schemaVersion).toBe(SETTINGS_VERSION);
    expect(notices.list()[0]?.message).toMatch(/newer Gen Studio/);
    expect((await readdir(dir.path)).some((n) => n.startsWith('settings.newer-'))).toBe(true);
  });
});
