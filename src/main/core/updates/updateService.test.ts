import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskInfo, TaskState, UpdateStatus } from '../../../shared/ipc/contract';
import type { AppUpdater } from '../deps';
import { silentLogger } from '../log';
import { confSettings } from '../settings/confSettings';
import { NoticeBoard } from '../notices/noticeBoard';
import { SettingsService } from '../settings/settingsService';
import { FakeClock } from '../testing/fakeClock';
import { tempDir } from '../testing/tempDir';
import { CHECK_INTERVAL_MS } from './updatePolicy';
import { loadMessages } from '../../../shared/i18n/catalog';
import { sayTold } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { UpdateService } from './updateService';

/** An updater that answers as told and records what it was asked; no network. */
class FakeUpdater implements AppUpdater {
  offered: string | null = '1.4.0';
  checks = 0;
  downloads = 0;
  installs = 0;
  failCheck = false;
  async check() {
    this.checks++;
    if (this.failCheck) throw new Error('net::ERR_INTERNET_DISCONNECTED');
    return this.offered ? { version: this.offered } : null;
  }
  async download(progress: (percent: number) => void) {
    this.downloads++;
    progress(40);
    progress(100);
  }
  install() {
    this.installs++;
  }
}

let dir: Awaited<ReturnType<typeof tempDir>>;
let clock: FakeClock;
let updater: FakeUpdater;
let tasks: Array<Pick<TaskInfo, 'state'>>;
let seen: UpdateStatus[];
let service: UpdateService;

const openSettings = () =>
  SettingsService.open({ dir: dir.path, factory: confSettings, notices: new NoticeBoard(clock), log: silentLogger, now: () => clock.now() });
const startService = async (withUpdater: AppUpdater | null = updater) => {
  service = new UpdateService({
    settings: await openSettings(),
    clock,
    log: silentLogger,
    updater: withUpdater ?? undefined,
    tasks: () => tasks as TaskInfo[],
    onChange: (status) => seen.push(status),
  });
  service.start();
  return service;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  dir = await tempDir('updates');
  clock = new FakeClock();
  updater = new FakeUpdater();
  tasks = [];
  seen = [];
});
afterEach(async () => {
  service.stop();
  await dir.remove();
});

describe('updates', () => {
  it('are off by default: nothing is checked, however long the app runs', async () => {
    await startService();
    expect(service.status()).toMatchObject({ enabled: false, state: 'off', lastCheckAt: null });
    clock.advance(10 * CHECK_INTERVAL_MS);
    await settle();
    expect(updater.checks).toBe(0);
    expect(await service.check()).toMatchObject({ state: 'off' });
    expect(updater.checks).toBe(0);
  });

  it('once on, check at once, then at most once a day, across restarts', async () => {
    await startService();
    service.setEnabled(true);
    await settle();
    expect(updater.checks).toBe(1);
    expect(service.status()).toMatchObject({ state: 'available', version: '1.4.0', lastCheckAt: clock.now() });

    // A restart the same day does not check again; the next day's timer does.
    service.stop();
    updater.offered = null;
    clock.advance(3 * 60 * 60 * 1000);
    await startService();
    await settle();
    expect(updater.checks).toBe(1);
    expect(service.status()).toMatchObject({ enabled: true, state: 'idle' });
    clock.advance(CHECK_INTERVAL_MS - 3 * 60 * 60 * 1000 - 1);
    await settle();
    expect(updater.checks).toBe(1);
    clock.advance(1);
    await settle();
    expect(updater.checks).toBe(2);
    expect(service.status()).toMatchObject({ state: 'idle', message: 'Gen Studio is up to date.' });
  });

  it('download only when the user agrees', async () => {
    await startService();
    service.setEnabled(true);
    await settle();
    expect(service.status().state).toBe('available');
    clock.advance(5 * CHECK_INTERVAL_MS);
    await settle();
    expect(updater.downloads).toBe(0);
    await service.download();
    expect(updater.downloads).toBe(1);
    expect(seen.map((s) => s.progress).filter((p) => p !== null)).toEqual([0, 40, 100]);
    expect(service.status()).toMatchObject({ state: 'ready', message: 'Version 1.4.0 is ready: restart to install it.' });
  });

  it('never install while tasks are being sent or polled: the install waits for the queue', async () => {
    await startService();
    service.setEnabled(true);
    await settle();
    await service.download();
    tasks = [{ state: 'running' }, { state: 'submitting' }, { state: 'done' }];
    expect(service.install()).toMatchObject({ state: 'waiting', message: 'Version 1.4.0 installs when the 2 tasks being sent or checked are done.' });
    service.tasksChanged();
    expect(updater.installs).toBe(0);
    tasks = [{ state: 'done' }, { state: 'downloading' as TaskState }, { state: 'done' }];
    service.tasksChanged();
    expect(updater.installs).toBe(0);
    tasks = [{ state: 'done' }, { state: 'done' }, { state: 'ready-to-send' }];
    service.tasksChanged();
    expect(updater.installs).toBe(1);
  });

  it('installs at once when nothing is in flight', async () => {
    await startService();
    service.setEnabled(true);
    await settle();
    await service.download();
    service.install();
    expect(updater.installs).toBe(1);
  });

  it('a failed check says why and waits a day rather than retrying in a loop', async () => {
    updater.failCheck = true;
    await startService();
    service.setEnabled(true);
    await settle();
    expect(service.status()).toMatchObject({ state: 'error', message: 'Gen Studio could not check for updates: net::ERR_INTERNET_DISCONNECTED' });
    const german = createText('de', await loadMessages('de'));
    expect(sayTold(german, service.status())).toBe('Gen Studio konnte nicht nach Updates suchen: net::ERR_INTERNET_DISCONNECTED');
    clock.advance(CHECK_INTERVAL_MS - 1);
    await settle();
    expect(updater.checks).toBe(1);
    clock.advance(1);
    await settle();
    expect(updater.checks).toBe(2);
  });

  it('a copy that cannot update itself says so and keeps the setting', async () => {
    await startService(null);
    expect(service.setEnabled(true)).toMatchObject({ enabled: true, state: 'unavailable' });
    expect(service.status().message).toMatch(/updates come with the installed app/);
    await settle();
  });
});
