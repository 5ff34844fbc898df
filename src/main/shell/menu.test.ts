import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn() } }));

const { menuTemplate } = await import('./menu');

/** Every role and accelerator the menu holds, however deep. */
function flatten(items: readonly Record<string, unknown>[]): string[] {
  return items.flatMap((item) => [String(item.role ?? ''), String(item.accelerator ?? ''), ...(Array.isArray(item.submenu) ? flatten(item.submenu as Record<string, unknown>[]) : [])]).filter(Boolean);
}

describe('the application menu', () => {
  it('leaves Ctrl+0, Ctrl+± and reload to the canvas on every platform', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const roles = flatten(menuTemplate(platform, false) as Record<string, unknown>[]);
      for (const taken of ['resetZoom', 'zoomIn', 'zoomOut', 'reload', 'forceReload', 'viewMenu', 'toggleDevTools']) expect(roles).not.toContain(taken);
      expect(roles).toContain('editMenu');
    }
  });

  it('offers developer tools only in development', () => {
    expect(flatten(menuTemplate('linux', true) as Record<string, unknown>[])).toContain('toggleDevTools');
  });
});
