import { Menu, type MenuItemConstructorOptions } from 'electron';

/**
 * The application menu. Electron's default one binds Ctrl+0 and Ctrl+± to zooming the whole page and Ctrl+R to
 * reloading it; here those keys belong to the canvas (fit, 100%, zoom) and a reload would throw away the undo
 * history, so this menu keeps the standard edit and window roles (copy, paste, undo in text fields, quit) and
 * leaves those keys alone. Developer tools only in development.
 */
export function menuTemplate(platform: NodeJS.Platform, development: boolean): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  if (platform === 'darwin') template.push({ role: 'appMenu' });
  else template.push({ label: 'File', submenu: [{ role: 'quit' }] });
  template.push({ role: 'editMenu' });
  const view: MenuItemConstructorOptions[] = [{ role: 'togglefullscreen' }];
  if (development) view.push({ type: 'separator' }, { role: 'toggleDevTools' });
  template.push({ label: 'View', submenu: view });
  template.push({ role: 'windowMenu' });
  return template;
}

export function installMenu(platform: NodeJS.Platform, development: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(platform, development)));
}
