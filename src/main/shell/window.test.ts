import { describe, expect, it, vi } from 'vitest';

const created: Array<{ webPreferences: Record<string, unknown> }> = [];

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { on: vi.fn(), setWindowOpenHandler: vi.fn() };
    constructor(options: { webPreferences: Record<string, unknown> }) {
      created.push(options);
    }
    once = vi.fn();
    loadURL = vi.fn(async () => {});
  }
  return { BrowserWindow, shell: { openExternal: vi.fn() } };
});

const { createMainWindow } = await import('./window');

describe('the main window', () => {
  it('states every security preference: isolated, sandboxed, no Node, web security on', () => {
    createMainWindow('/app/out/preload', 'app://gen-studio/index.html');
    expect(created[0]?.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('shows the app icon in the title bar and the taskbar', () => {
    createMainWindow('/app/out/preload', 'app://gen-studio/index.html', '/app/resources/icons/png/512x512.png');
    expect(created.at(-1)).toMatchObject({ icon: '/app/resources/icons/png/512x512.png' });
  });
});
