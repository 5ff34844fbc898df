/**
 * Where the main window loads the renderer from under `electron-vite dev`: the dev server it names in
 * ELECTRON_RENDERER_URL (hot reload). Every other build loads the built renderer from `app://`.
 *
 * Whether the variable is read at all is decided when the main process is built, not when it runs: `npm start`
 * runs an unpackaged build, so "not packaged" would let any environment load another origin as the trusted
 * page (with the full preload API). src/main/index.ts calls this only behind `__GEN_DEV_SERVER__`, which
 * electron.vite.config.ts sets to true in the bundle `electron-vite dev` makes and false in every build, where
 * the call (and the variable's name) is removed as dead code.
 */
export function devServerUrl(env: Readonly<Record<string, string | undefined>>, appUrl: string): string {
  const raw = env.ELECTRON_RENDERER_URL;
  if (!raw) return appUrl;
  try {
    const url = new URL(raw);
    // The dev server is on this computer over http; anything else in the variable is ignored.
    const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
    return url.protocol === 'http:' && loopback && !url.username && !url.password ? url.href : appUrl;
  } catch {
    return appUrl;
  }
}
