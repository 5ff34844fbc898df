import { join } from 'node:path';
import { app, BrowserWindow, session, shell } from 'electron';
import { createCore } from './core/createCore';
import { utilitySandbox } from './shell/sandboxUtility';
import { systemClock } from './core/deps';
import { consoleLogger } from './core/log';
import { openKeychain } from './core/secrets/keychainStore';
import { confSettings } from './core/settings/confSettings';
import { createDispatcher, trustOrigins } from './ipc/dispatcher';
import { bindIpc } from './ipc/ipcMain';
import { APP_ORIGIN, MEDIA_BASE, registerSchemes, serveApp, serveMedia } from './shell/protocols';
import { installMenu } from './shell/menu';
import { ENGLISH_TEXT } from '../shared/i18n/text';
import type { MainLanguage } from './core/i18n/mainLanguage';
import { askCapChange, askSettle } from './shell/capDialog';
import { askInMainDialog } from './shell/mainDialog';
import { webhookDialog } from './core/connections/sandboxWebhooks';
import { askKeyDestination } from './shell/keyDialog';
import { electronDesktop } from './shell/desktop';
import { hardenSession } from './shell/security';
import { devServerUrl } from './shell/rendererUrl';
import { createMainWindow } from './shell/window';
import { WINDOW_ICON } from './shell/appIcon';
import { electronProjectDialogs, projectFileFromArgv } from './shell/projectFileOpening';
import { electronAppUpdater } from './shell/electronUpdater';

/** Set by electron.vite.config.ts: true only in the bundle `electron-vite dev` makes. */
declare const __GEN_DEV_SERVER__: boolean;

app.enableSandbox();
registerSchemes();

// A data folder chosen for this run (tests, a second profile) gets Electron's own files too, and with them its
// own single-instance lock.
if (process.env.GEN_STUDIO_DATA_DIR) app.setPath('userData', join(process.env.GEN_STUDIO_DATA_DIR, 'electron'));
// One app per profile: a second launch (a double-clicked .genstudio file) hands its file to the first and goes.
const primary = app.requestSingleInstanceLock();
if (!primary) app.quit();

/** .genstudio files the system opened the app with: macOS says so by `open-file` (even before ready), others in argv. */
const pendingProjectFiles: string[] = [];
let openProjectFileNow: ((path: string) => void) | undefined;
app.on('open-file', (event, path) => {
  event.preventDefault();
  if (openProjectFileNow) openProjectFileNow(path);
  else pendingProjectFiles.push(path);
});
const launchFile = projectFileFromArgv(process.argv);
if (launchFile) pendingProjectFiles.push(launchFile);

async function main(): Promise<void> {
  // Long (over 80 lines) as the app's start is: session, menu, core, window, protocol and quit steps in the order
  // Electron needs them, read top to bottom.
  await app.whenReady();
  // Only the dev-server bundle reads ELECTRON_RENDERER_URL; in a build this line folds to the app:// address.
  const appUrl = __GEN_DEV_SERVER__ ? devServerUrl(process.env, `${APP_ORIGIN}/index.html`) : `${APP_ORIGIN}/index.html`;
  // app:// is not a scheme WHATWG URL knows, so its origin is named rather than parsed.
  const origins = appUrl.startsWith(`${APP_ORIGIN}/`) ? [APP_ORIGIN] : [new URL(appUrl).origin];

  hardenSession(session.defaultSession);
  installMenu(process.platform, !app.isPackaged, ENGLISH_TEXT);
  // Declared before the core starts: a resumed task may ask about a key's destination before the window opens.
  let window: BrowserWindow | undefined;
  // English until the core (and its language) exists: a dialog asked while it starts speaks English.
  const spoken: { language?: MainLanguage } = {};
  const core = await createCore({
    dataDir: process.env.GEN_STUDIO_DATA_DIR ?? join(app.getPath('userData'), 'data'),
    settings: confSettings,
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
    confirmKeyDestination: (question) => askKeyDestination(window, question, spoken.language?.text ?? ENGLISH_TEXT),
    confirmCapChange: (question) => askCapChange(window, question, spoken.language?.text ?? ENGLISH_TEXT),
    confirmSettle: (question) => askSettle(window, question, spoken.language?.text ?? ENGLISH_TEXT),
    confirmWebhook: (question) => askInMainDialog(window, webhookDialog(question, spoken.language?.text ?? ENGLISH_TEXT)),
    projectFileDialogs: electronProjectDialogs(() => window),
    // Only an installed app has the release feed (app-update.yml) and the rights to replace itself.
    ...(app.isPackaged ? { updater: electronAppUpdater(consoleLogger) } : {}),
    desktop: electronDesktop(() => window),
    sandboxLauncher: utilitySandbox(join(__dirname, 'sandbox.js')),
  });
  spoken.language = core.language;
  // The menu speaks the app's language from here on, and changes with it.
  installMenu(process.platform, !app.isPackaged, core.language.text);
  core.language.subscribe((text) => installMenu(process.platform, !app.isPackaged, text));
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
    const opened = createMainWindow(join(__dirname, '../preload'), appUrl, join(app.getAppPath(), WINDOW_ICON));
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
  // Opened before the window, so the window starts on it.
  for (const path of pendingProjectFiles.splice(0)) await core.openProjectFile(path);
  open();
  // While the window loads: the library's first page is the first thing every window asks for, and the balance
  // (which starts the built-in Sandbox when it is the connection in use) the next.
  void dispatcher.warm('library.page', { offset: 0, limit: 100 });
  void dispatcher.warm('spending.summary', {});
  openProjectFileNow = (path) => {
    void core.openProjectFile(path);
    if (window?.isMinimized()) window.restore();
    window?.focus();
  };
  app.on('second-instance', (_event, argv) => {
    const file = projectFileFromArgv(argv);
    if (file) openProjectFileNow?.(file);
    else if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
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

if (primary) void main();
