import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn() } }));

const { menuTemplate } = await import('./menu');
const { ENGLISH_TEXT, createText } = await import('../../shared/i18n/text');
const { loadMessages } = await import('../../shared/i18n/catalog');

/** Every role and accelerator the menu holds, however deep. */
function flatten(items: readonly Record<string, unknown>[]): string[] {
  return items.flatMap((item) => [String(item.role ?? ''), String(item.accelerator ?? ''), ...(Array.isArray(item.submenu) ? flatten(item.submenu as Record<string, unknown>[]) : [])]).filter(Boolean);
}

describe('the application menu', () => {
  it('leaves Ctrl+0, Ctrl+± and reload to the canvas on every platform', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const roles = flatten(menuTemplate(platform, false, ENGLISH_TEXT) as Record<string, unknown>[]);
      for (const taken of ['resetZoom', 'zoomIn', 'zoomOut', 'reload', 'forceReload', 'viewMenu', 'toggleDevTools']) expect(roles).not.toContain(taken);
      expect(roles).toContain('editMenu');
    }
  });

  it('offers developer tools only in development', () => {
    expect(flatten(menuTemplate('linux', true, ENGLISH_TEXT) as Record<string, unknown>[])).toContain('toggleDevTools');
  });

  it('names every item in the app’s language, not in Electron’s English', async () => {
    const german = createText('de', await loadMessages('de'));
    const labels = (items: readonly Record<string, unknown>[]): string[] =>
      items.flatMap((item) => [...(item.type === 'separator' || item.role === 'appMenu' ? [] : [String(item.label)]), ...(Array.isArray(item.submenu) ? labels(item.submenu as Record<string, unknown>[]) : [])]);
    for (const platform of ['win32', 'darwin'] as const) {
      const named = labels(menuTemplate(platform, true, german) as Record<string, unknown>[]);
      expect(named).not.toContain('undefined');
      expect(named).toEqual(expect.arrayContaining(['Bearbeiten', 'Rückgängig', 'Kopieren', 'Einfügen']));
    }
  });
});
