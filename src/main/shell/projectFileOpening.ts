import { join } from 'node:path';
import { app, dialog, type BrowserWindow } from 'electron';
import type { ProjectFileDialogs } from '../core/deps';

const EXTENSION = '.genstudio';
const FILTERS = [{ name: 'Gen Studio project', extensions: ['genstudio'] }];

/**
 * The `.genstudio` file among a launch's arguments: Windows and Linux pass the double-clicked file as an
 * argument, to the first instance and (through `second-instance`) to the one already running. Chromium's own
 * switches and the app path come first and are skipped.
 */
export function projectFileFromArgv(argv: readonly string[]): string | undefined {
  return argv.slice(1).find((arg) => !arg.startsWith('-') && arg.toLowerCase().endsWith(EXTENSION));
}

/** Electron's save and open dialogs, attached to the main window when there is one. */
export function electronProjectDialogs(window: () => BrowserWindow | undefined): ProjectFileDialogs {
  return {
    chooseSavePath: async (defaultName) => {
      const options = { title: 'Save project to a file', defaultPath: join(app.getPath('documents'), defaultName), filters: FILTERS };
      const parent = window();
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    chooseOpenPath: async () => {
      const options = { title: 'Open a project file', filters: FILTERS, properties: ['openFile' as const] };
      const parent = window();
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
