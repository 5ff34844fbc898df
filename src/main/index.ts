import { join } from 'node:path';
import { app, BrowserWindow, session, shell } from 'electron';
import ElectronStore from 'electron-store';
import { createCore } from './core/createCore';
import type { SettingsBackend, SettingsFactory, SettingsOptions } from './core/deps';
import { systemClock } from './core/deps';
import { consoleLogger } from './core/log';
import { MemorySecretStore } from './core/secrets/memorySecretStore';
import { createDispatcher, trustOrigins } from './ipc/dispatcher';
import { bindIpc } from './ipc/ipcMain';
import { APP_ORIGIN, MEDIA_BASE, registerSchemes, serveApp, serveMedia } from './shell/protocols';
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
  const core = await createCore({
    dataDir: process.env.GEN_STUDIO_DATA_DIR ?? join(app.getPath('userData'), 'data'),
    settings: electronSettings,
    secrets: new MemorySecretStore(),
    fetch: globalThis.fetch.bind(globalThis),
    clock: systemClock,
    log: consoleLogger,
    mediaBase: MEDIA_BASE,
    openExternal: (url) => shell.openExternal(url),
    openPath: (path) => shell.openPath(path),
    runner: 'electron',
    version: app.getVersion(),
    platform: process.platform,
  });
  serveApp(join(__dirname, '../renderer'));
  serveMedia(core.media);

  let window: BrowserWindow | undefined;
  const dispatcher = createDispatcher(core.handlers, trustOrigins(origins), consoleLogger);
  bindIpc(dispatcher, core.events, () => window?.webContents);

  const open = () => {
    window = createMainWindow(join(__dirname, '../preload'), appUrl);
    window.on('closed', () => (window = undefined));
  };
  open();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => void core.dispose());
}

void main();
