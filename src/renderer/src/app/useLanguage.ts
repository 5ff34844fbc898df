import { useEffect } from 'react';
import { useSettingsStore } from '../store/settingsStore';
import { useTextStore } from '../ui/i18n/textStore';

/**
 * Shows the language Settings chose: the system's until the settings load, and for files from before the choice.
 * The change applies at once, without a restart.
 */
export function useLanguage(): void {
  const choice = useSettingsStore((s) => s.preferences?.language ?? 'system');
  useEffect(() => void useTextStore.getState().choose(choice), [choice]);
}
