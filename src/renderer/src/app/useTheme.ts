import { useEffect } from 'react';
import { useSettingsStore } from '../store/settingsStore';
import { followSystemTheme, useThemeStore } from '../ui/theme/themeStore';

/** Shows the theme Settings chose ('system' until the settings load, and for files from before the choice). */
export function useTheme(): void {
  const choice = useSettingsStore((s) => s.preferences?.theme ?? 'system');
  useEffect(() => followSystemTheme(), []);
  useEffect(() => useThemeStore.getState().setChoice(choice), [choice]);
}
