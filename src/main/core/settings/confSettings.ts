import Conf from 'conf';
import type { SettingsBackend, SettingsFactory, SettingsOptions } from '../deps';

/**
 * The settings file, through conf, in the app and in plain Node alike. (electron-store is conf with Electron's
 * defaults, a folder and a name the core passes itself, so the app uses conf directly; migrations are the
 * core's own, settings/migrations.ts.)
 */
export const confSettings: SettingsFactory = <T extends Record<string, unknown>>(options: SettingsOptions<T>) =>
  new Conf<T>({
    cwd: options.cwd,
    configName: options.name,
    defaults: options.defaults as T,
    projectName: 'gen-studio',
  }) as unknown as SettingsBackend<T>;
