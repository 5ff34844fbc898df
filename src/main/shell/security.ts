import { shell, type Session, type WebContents } from 'electron';
import { isSafeExternalUrl } from '../core/externalLinks';

/** Permissions the renderer may use. Everything else (camera, geolocation, notifications...) is refused. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)));
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
  session.on('will-download', (event) => event.preventDefault());
}

/**
 * Every page stays where it was loaded: navigation and new windows are refused, and a link meant for the
 * outside world opens in the system browser only if it is a plain https address.
 */
export function hardenContents(contents: WebContents, appUrl: () => string): void {
  contents.on('will-navigate', (event, url) => {
    if (url !== appUrl()) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (url !== appUrl()) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
