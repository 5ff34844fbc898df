import { app, clipboard, ClipboardItem, dialog, Notification, shell, type BrowserWindow, type FileFilter } from 'electron';
import type { DesktopShell, SaveFormat } from '../core/deps';
import { defaultAppName } from './defaultApp';
import { launchEditor } from './editorLaunch';

const FILTERS: Readonly<Record<SaveFormat, FileFilter>> = {
  png: { name: 'PNG image', extensions: ['png'] },
  jpeg: { name: 'JPEG image', extensions: ['jpg', 'jpeg'] },
  webp: { name: 'WebP image', extensions: ['webp'] },
  mp4: { name: 'MP4 video', extensions: ['mp4'] },
  psd: { name: 'Photoshop file with layers', extensions: ['psd'] },
  ora: { name: 'OpenRaster file with layers (Krita, GIMP, MyPaint)', extensions: ['ora'] },
};

/** The desktop through Electron: the save dialog on the app's window, the clipboard, the OS trash, notifications. */
export function electronDesktop(window: () => BrowserWindow | undefined): DesktopShell {
  return {
    chooseSavePath: async ({ defaultName, format }) => {
      const parent = window();
      const options = { defaultPath: defaultName, filters: [FILTERS[format]] };
      const answer = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return answer.canceled || !answer.filePath ? null : answer.filePath;
    },
    chooseFolder: async ({ title }) => {
      const parent = window();
      const options = { title, properties: ['openDirectory' as const, 'createDirectory' as const] };
      const answer = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return answer.canceled || !answer.filePaths[0] ? null : answer.filePaths[0];
    },
    copyImage: (png) => clipboard.write([new ClipboardItem({ 'image/png': new Blob([Buffer.from(png)], { type: 'image/png' }) })]),
    trashItem: (path) => shell.trashItem(path),
    showItemInFolder: async (path) => shell.showItemInFolder(path),
    notify: ({ title, body, onClick }) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      notification.on('click', () => {
        const w = window();
        if (w) {
          if (w.isMinimized()) w.restore();
          w.show();
          w.focus();
        }
        onClick();
      });
      notification.show();
    },
    windowFocused: () => window()?.isFocused() ?? false,
    openInEditor: (file, editor) => (editor === null ? shell.openPath(file) : launchEditor(file, editor, process.platform)),
    defaultAppFor: (mime) => defaultAppName(mime),
    chooseApplication: async () => {
      const parent = window();
      const mac = process.platform === 'darwin';
      const options = {
        title: 'Choose your image editor',
        defaultPath: mac ? '/Applications' : process.platform === 'win32' ? 'C:\\Program Files' : '/usr/bin',
        properties: ['openFile' as const],
        filters: process.platform === 'win32' ? [{ name: 'Programs', extensions: ['exe'] }] : mac ? [{ name: 'Applications', extensions: ['app'] }] : [],
      };
      const answer = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return answer.canceled || !answer.filePaths[0] ? null : answer.filePaths[0];
    },
    readImage: async () => {
      for (const item of await clipboard.read()) {
        const type = item.types.find((t) => t === 'image/png') ?? item.types.find((t) => t.startsWith('image/'));
        if (!type) continue;
        const blob = await item.getType(type);
        if (blob instanceof Blob) return new Uint8Array(await blob.arrayBuffer());
      }
      return null;
    },
    systemLocales: () => [app.getLocale(), ...app.getPreferredSystemLanguages()],
  };
}
