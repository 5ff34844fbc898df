import { create } from 'zustand';
import type { ThemeChoice } from '../../../../shared/ipc/contract';
import { canvasPalette, cssVariables, type CanvasPalette, type ThemeName } from './tokens';

interface ThemeState {
  /** what the system asks for (prefers-color-scheme) */
  readonly system: ThemeName;
  /** the Settings choice; 'system' follows the system */
  readonly choice: ThemeChoice;
  /** the theme on screen */
  readonly theme: ThemeName;
  readonly canvas: CanvasPalette;
  setChoice(choice: ThemeChoice): void;
  setSystem(system: ThemeName): void;
}

const resolve = (choice: ThemeChoice, system: ThemeName): ThemeName => (choice === 'system' ? system : choice);

const initialSystem = (): ThemeName =>
  typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';

/** The theme on screen: the Settings choice over the system's. CSS and Konva both read it from here. */
export const useThemeStore = create<ThemeState>((set, get) => {
  const system = initialSystem();
  const apply = (choice: ThemeChoice, sys: ThemeName) => {
    const theme = resolve(choice, sys);
    applyTokens(theme);
    set({ choice, system: sys, theme, canvas: canvasPalette(theme) });
  };
  return {
    system,
    choice: 'system',
    theme: resolve('system', system),
    canvas: canvasPalette(resolve('system', system)),
    setChoice: (choice) => apply(choice, get().system),
    setSystem: (sys) => apply(get().choice, sys),
  };
});

/**
 * Writes the theme's tokens as custom properties on the root element. Set through the CSSOM, since the
 * Content-Security-Policy (rightly) refuses inline style sheets.
 */
export function applyTokens(theme: ThemeName, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(cssVariables(theme))) root.style.setProperty(name, value);
  root.style.colorScheme = theme;
  root.dataset.theme = theme;
}

/** Follows the system's light or dark setting while the app runs. */
export function followSystemTheme(): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia('(prefers-color-scheme: light)');
  const onChange = () => useThemeStore.getState().setSystem(query.matches ? 'light' : 'dark');
  query.addEventListener('change', onChange);
  // The setting may have changed between the store's first read and this subscription.
  onChange();
  return () => query.removeEventListener('change', onChange);
}
