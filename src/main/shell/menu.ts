import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { AppText } from '../../shared/i18n/text';

/**
 * The application menu, in the app's language. Electron's default one binds Ctrl+0 and Ctrl+± to zooming the whole
 * page and Ctrl+R to reloading it; here those keys belong to the canvas (fit, 100%, zoom) and a reload would throw
 * away the undo history, so this menu keeps the standard edit and window roles (copy, paste, undo in text fields,
 * quit) and leaves those keys alone. Developer tools only in development. Every item is labelled from the
 * catalogs: Electron names roles in English only.
 */
export function menuTemplate(platform: NodeJS.Platform, development: boolean, text: AppText): MenuItemConstructorOptions[] {
  const { t } = text;
  const template: MenuItemConstructorOptions[] = [];
  if (platform === 'darwin') {
    template.push({
      role: 'appMenu',
      submenu: [
        { role: 'about', label: t('menu.about') },
        { type: 'separator' },
        { role: 'services', label: t('menu.services') },
        { type: 'separator' },
        { role: 'hide', label: t('menu.hide') },
        { role: 'hideOthers', label: t('menu.hideOthers') },
        { role: 'unhide', label: t('menu.showAll') },
        { type: 'separator' },
        { role: 'quit', label: t('menu.quit') },
      ],
    });
  } else template.push({ label: t('menu.file'), submenu: [{ role: 'quit', label: t('menu.quit') }] });
  template.push({
    role: 'editMenu',
    label: t('menu.edit'),
    submenu: [
      { role: 'undo', label: t('menu.undo') },
      { role: 'redo', label: t('menu.redo') },
      { type: 'separator' },
      { role: 'cut', label: t('menu.cut') },
      { role: 'copy', label: t('menu.copy') },
      { role: 'paste', label: t('menu.paste') },
      { role: 'delete', label: t('menu.delete') },
      { type: 'separator' },
      { role: 'selectAll', label: t('menu.selectAll') },
    ],
  });
  const view: MenuItemConstructorOptions[] = [{ role: 'togglefullscreen', label: t('menu.fullScreen') }];
  if (development) view.push({ type: 'separator' }, { role: 'toggleDevTools', label: t('menu.devTools') });
  template.push({ label: t('menu.view'), submenu: view });
  template.push({
    role: 'windowMenu',
    label: t('menu.window'),
    submenu: [
      { role: 'minimize', label: t('menu.minimize') },
      { role: 'zoom', label: t('menu.zoom') },
      ...(platform === 'darwin' ? [{ type: 'separator' as const }, { role: 'front' as const, label: t('menu.front') }] : [{ role: 'close' as const, label: t('menu.close') }]),
    ],
  });
  return template;
}

export function installMenu(platform: NodeJS.Platform, development: boolean, text: AppText): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(platform, development, text)));
}
