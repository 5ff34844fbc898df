import electronUpdater from 'electron-updater';
import type { AppUpdater } from '../core/deps';
import type { Logger } from '../core/deps';

/**
 * electron-updater on the project's GitHub releases (the `publish` block of electron-builder.yml, written into
 * the packaged app as app-update.yml). Nothing happens by itself: the core's update service decides when to
 * check, downloads only after the user agreed, and installs only when no task is in flight.
 */
export function electronAppUpdater(log: Logger): AppUpdater {
  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.allowPrerelease = false;
  autoUpdater.logger = { info: (m: unknown) => log.info(String(m)), warn: (m: unknown) => log.warn(String(m)), error: (m: unknown) => log.error(String(m)), debug: () => undefined };
  return {
    check: async () => {
      const result = await autoUpdater.checkForUpdates();
      return result?.isUpdateAvailable ? { version: result.updateInfo.version } : null;
    },
    download: async (onProgress) => {
      const listener = (progress: { percent: number }) => onProgress(progress.percent);
      autoUpdater.on('download-progress', listener);
      try {
        await autoUpdater.downloadUpdate();
      } finally {
        autoUpdater.off('download-progress', listener);
      }
    },
    install: () => autoUpdater.quitAndInstall(),
  };
}
