import { join } from 'node:path';
import { BrowserWindow } from 'electron';
import { hardenContents } from './security';

/** The main window, with every web preference that matters for security stated rather than defaulted. */
export function createMainWindow(preloadDir: string, url: string, icon?: string): BrowserWindow {
  const window = new BrowserWindow({
    ...(icon ? { icon } : {}),
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Gen Studio',
    backgroundColor: '#16171b',
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  hardenContents(window.webContents, () => url);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);
  return window;
}
