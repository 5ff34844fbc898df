import type { CoreBus } from '../bus/coreBus';
import type { SettingsService } from '../settings/settingsService';

/**
 * Says `settings.changed` on the bus when the artist's preferences change, and only then: the settings file also
 * holds connections and the Sandbox's ports, whose changes are said by their own services.
 */
export function announcePreferenceChanges(settings: Pick<SettingsService, 'get' | 'subscribe'>, bus: CoreBus): void {
  let preferences = JSON.stringify(settings.get().preferences);
  settings.subscribe((s) => {
    const next = JSON.stringify(s.preferences);
    if (next === preferences) return;
    preferences = next;
    bus.emit('settings.changed', s.preferences);
  });
}
