/**
 * The renderer's Content-Security-Policy, in one place for the built page, the dev server and the protocol
 * handler that serves the app. The renderer loads code only from the app itself, never reaches the network,
 * and shows stored images and videos through `gen-media:`.
 */
export function contentSecurityPolicy(options: { dev?: boolean; devServerOrigin?: string } = {}): string {
  const devScripts = options.dev ? " 'unsafe-inline'" : '';
  const devConnect = options.dev && options.devServerOrigin ? ` ${options.devServerOrigin} ${options.devServerOrigin.replace(/^http/, 'ws')}` : '';
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
