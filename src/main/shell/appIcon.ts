/**
 * The PNG the window and the taskbar use where the OS does not take the icon from the packaged app (Linux, and
 * any platform when run from a clone). Relative to the app's root, inside the asar when packaged; made from
 * resources/icon.svg by `npm run icons`, and listed in electron-builder.yml's `files`.
 */
export const WINDOW_ICON = 'resources/icons/png/512x512.png';
