/**
 * The renderer's Content-Security-Policy, in one place for the built page, the dev server and the protocol
 * handler that serves the app. The renderer loads code only from the app itself, never reaches the network,
 * and shows stored images and videos through `gen-media:`.
 */
export function contentSecurityPolicy(options: { dev?: boolean; devConnect?: readonly string[] } = {}): string {
  const devScripts = options.dev ? " 'unsafe-inline'" : '';
  const devConnect = options.dev && options.devConnect?.length ? ` ${options.devConnect.join(' ')}` : '';
  return [
    "default-src 'none'",
    `script-src 'self'${devScripts}`,
    `style-src 'self'${options.dev ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' blob: data: gen-media:",
    "media-src 'self' blob: gen-media:",
    "font-src 'self'",
    `connect-src 'self' blob: data: gen-media:${devConnect}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ].join('; ');
}

/** Where the dev server listens, as its configuration and (once it listens) the server itself report it. */
export interface DevServerAddress {
  /** The address the running server reports; preferred, since a busy port moves it. */
  readonly url?: string;
  readonly https?: boolean;
  /** Vite's `server.host`: a name, or true / a wildcard address for every interface. */
  readonly host?: string | boolean;
  readonly port?: number;
  /** Vite's `server.hmr`, when it moves the hot-reload socket to another host or port. */
  readonly hmr?: boolean | { readonly protocol?: string; readonly host?: string; readonly port?: number; readonly clientPort?: number };
}

/** Vite's own default port, used only when neither the server nor its configuration gives one. */
const VITE_DEFAULT_PORT = 5173;
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '0000:0000:0000:0000:0000:0000:0000:0000']);

/**
 * What the dev page must reach beyond 'self': the dev server and its hot-reload socket. The host follows
 * electron-vite, which opens a wildcard or unset host as localhost.
 */
export function devConnectSources(address: DevServerAddress): string[] {
  // src/shared has no URL global: an http(s) address is scheme, "://", authority, then an optional path.
  const given = address.url ? /^(https?):\/\/([^/?#]+)/i.exec(address.url) : null;
  let secure: boolean;
  let authority: string;
  if (given) {
    secure = given[1]!.toLowerCase() === 'https';
    authority = given[2]!.toLowerCase();
  } else {
    const host = typeof address.host === 'string' && !WILDCARD_HOSTS.has(address.host) ? address.host : 'localhost';
    secure = address.https === true;
    authority = `${host.includes(':') ? `[${host}]` : host}:${address.port ?? VITE_DEFAULT_PORT}`;
  }
  const sources = [`${secure ? 'https' : 'http'}://${authority}`, `${secure ? 'wss' : 'ws'}://${authority}`];
  const hmr = typeof address.hmr === 'object' ? address.hmr : undefined;
  if (hmr && (hmr.host || hmr.port || hmr.clientPort || hmr.protocol)) {
    const hostname = authority.replace(/:\d+$/, '');
    const port = hmr.clientPort ?? hmr.port ?? /:(\d+)$/.exec(authority)?.[1];
    sources.push(`${hmr.protocol ?? (secure ? 'wss' : 'ws')}://${hmr.host ?? hostname}${port ? `:${port}` : ''}`);
  }
  return [...new Set(sources)];
}
