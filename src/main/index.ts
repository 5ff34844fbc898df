import { join } from 'node:path';
import { app, BrowserWindow, session, shell } from 'electron';
import ElectronStore from 'electron-store';
import { createCore } from './core/createCore';
import type { SettingsBackend, SettingsFactory, SettingsOptions } from './core/deps';
import { systemClock } from './core/deps';
import { consoleLogger } from './core/log';
import { openKeychain } from './core/secrets/keychainStore';
import { createDispatcher, trustOrigins } from './ipc/dispatcher';
import { bindIpc } from './ipc/ipcMain';
import { APP_ORIGIN, MEDIA_BASE, registerSchemes, serveApp, serveMedia } from './shell/protocols';
import { installMenu } from './shell/menu';
import { electronDesktop } from './shell/desktop';
import { hardenSession } from './shell/security';
import { createMainWindow } from './shell/window';

app.enableSandbox();
registerSchemes();

const electronSettings: SettingsFactory = <T extends Record<string, unknown>>(options: SettingsOptions<T>) =>
  new ElectronStore<T>({
    cwd: options.cwd,
    name: options.name,
    defaults: options.defaults as T,
    ...(options.migrations ? { migrations: options.migrations as never } : {}),
  }) as unknown as SettingsBackend<T>;

async function main(): Promise<void> {
  await app.whenReady();
  const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
  const appUrl = devUrl ?? `${APP_ORIGIN}/index.html`;
  const origins = devUrl ? [new URL(devUrl).origin] : [APP_ORIGIN];

  hardenSession(session.defaultSession);
  installMenu(process.platform, !app.isPackaged);
  let window: BrowserWindow | undefined;
  const core = await createCore({
    dataDir: process.env.GEN_STUDIO_DATA_DIR ?? join(app.getPath('userData'), 'data'),
    settings: electronSettings,
    secrets: openKeychain(),
    fetch: globalThis.fetch.bind(globalThis),
    clock: systemClock,
    log: consoleLogger,
    mediaBase: MEDIA_BASE,
    openExternal: (url) => shell.openExternal(url),
    openPath: (path) => shell.openPath(path),
    runner: 'electron',
    version: app.getVersion(),
    platform: process.platform,
    desktop: electronDesktop(() => window),
  });
  serveApp(join(__dirname, '../renderer'));
  serveMedia(core.media);

  // Anything that escapes is logged through the core's logger, which takes every known key out first.
  process.on('uncaughtException', (error) => core.log.error('uncaught exception', { error }));
  process.on('unhandledRejection', (error) => core.log.error('unhandled rejection', { error }));
  const dispatcher = createDispatcher(core.handlers, trustOrigins(origins), core.log);
  bindIpc(dispatcher, core.events, () => window?.webContents);

  // A window closes only after its renderer has saved: the close is held, the renderer asked, and let go on its
  // answer or after a few seconds. Quitting goes through the same door before the core stops.
  let released: Promise<void> | undefined;
  const release = (): Promise<void> => {
    if (!window) return Promise.resolve();
    released ??= core.beforeClose(3000).then((answered) => {
      if (!answered) core.log.warn('the window closed without the renderer confirming its save');
    });
    return released;
  };
  let mayClose = false;
  const open = () => {
    const opened = createMainWindow(join(__dirname, '../preload'), appUrl);
    window = opened;
    mayClose = false;
    released = undefined;
    opened.on('close', (event) => {
      if (mayClose) return;
      event.preventDefault();
      void release().then(() => {
        mayClose = true;
        opened.close();
      });
    });
    opened.on('closed', () => (window = undefined));
  };
  open();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // The engine stops cleanly before the app goes: requests on their way get a moment to finish, and every
  // task record is left in a state the next start can resume from.
  let disposed = false;
  app.on('before-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    void release()
      .then(() => {
        mayClose = true;
        return core.dispose();
      })
      .catch((error: unknown) => core.log.error('shutdown failed', { error }))
      .finally(() => {
        disposed = true;
        app.quit();
      });
  });
}

void main();
