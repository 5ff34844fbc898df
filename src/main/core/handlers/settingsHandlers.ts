import { account } from '../i18n/accountRefusals';
import { refusedWith } from '../i18n/refusal';
import type { SettingsService } from '../settings/settingsService';
import type { HandlersFor } from './types';

export function settingsHandlers(settings: SettingsService): HandlersFor<'settings.get' | 'settings.update'> {
  return {
    'settings.get': async () => settings.get().preferences,
    'settings.update': async (patch) => {
      try {
        return settings.update((s) => void Object.assign(s.preferences, patch)).preferences;
      } catch {
        throw refusedWith('validation', account.settingsOutOfRange);
      }
    },
  };
}
