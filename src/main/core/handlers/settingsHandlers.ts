import { IpcFailure } from '../../../shared/ipc/result';
import type { SettingsService } from '../settings/settingsService';
import type { HandlersFor } from './types';

export function settingsHandlers(settings: SettingsService): HandlersFor<'settings.get' | 'settings.update'> {
  return {
    'settings.get': async () => settings.get().preferences,
    'settings.update': async (patch) => {
      try {
        return settings.update((s) => void Object.assign(s.preferences, patch)).preferences;
      } catch {
        throw new IpcFailure('validation', 'Those settings are out of range.');
      }
    },
  };
}
