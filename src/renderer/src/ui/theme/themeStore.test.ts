// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { useThemeStore } from './themeStore';
import { PALETTES } from './tokens';

const root = () => document.documentElement;

describe('theme store', () => {
  it('follows the system until Settings choose, then keeps the choice whatever the system does', () => {
    const t = useThemeStore.getState();
    t.setChoice('system');
    t.setSystem('light');
    expect(useThemeStore.getState().theme).toBe('light');
    expect(root().dataset.theme).toBe('light');
    expect(root().style.getPropertyValue('--bg')).toBe(PALETTES.light.bg);
    expect(root().style.getPropertyValue('--canvas-backdrop')).toBe(PALETTES.light.canvas.backdrop);
    expect(useThemeStore.getState().canvas).toBe(PALETTES.light.canvas);

    t.setChoice('dark');
    expect(root().dataset.theme).toBe('dark');
    expect(root().style.getPropertyValue('--panel-2')).toBe(PALETTES.dark.panel2);
    t.setSystem('light');
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(useThemeStore.getState().canvas).toBe(PALETTES.dark.canvas);

    t.setChoice('system');
    expect(useThemeStore.getState().theme).toBe('light');
    expect(root().style.colorScheme).toBe('light');
  });
});
