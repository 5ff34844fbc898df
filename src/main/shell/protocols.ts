import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { extname, join, normalize, sep } from 'node:path';
import { protocol } from 'electron';
import { contentSecurityPolicy } from '../../shared/security/csp';
import type { MediaRegistry } from '../core/media';
import { parseByteRange, rangeResponse } from '../core/mediaRange';

const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://gen-studio';
const MEDIA_SCHEME = 'gen-media';
export const MEDIA_BASE = 'gen-media://m/';

/** Must run before the app is ready. */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    // corsEnabled: the canvas reads stored images' pixels (mask from alpha, alpha export), which needs CORS.
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, corsEnabled: true } },
  ]);
}

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * Serves the built renderer from `app://gen-studio/` rather than file://, so the page has a real origin the
 * IPC wrapper can check, and every response carries the CSP.
 */
export function serveApp(rendererDir: string): void {
  const root = normalize(rendererDir + sep);
  protocol.handle(APP_SCHEME, async (request) => {
    const { host, pathname } = new URL(request.url);
    const file = normalize(join(root, decodeURIComponent(pathname === '/' ? '/index.html' : pathname)));
    if (host !== 'gen-studio' || !file.startsWith(root)) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': MIME[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': contentSecurityPolicy(),
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

/** Serves stored files (assets, results) by `gen-media://m/<kind>/<id>`; nothing outside the stores is reachable. */
export function serveMedia(media: MediaRegistry): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const { pathname } = new URL(request.url);
    const found = await media.resolve(decodeURIComponent(pathname.replace(/^\//, '')));
    if (!found) return new Response('Not found', { status: 404 });
    const size = (await stat(found.file).catch(() => undefined))?.size;
    if (size === undefined) return new Response('Not found', { status: 404 });
    // Ranges are answered here rather than left to net.fetch of a file URL, whose range support has varied
    // between Electron versions: a <video> needs 206 answers to seek in a stored MP4.
    const answer = rangeResponse(parseByteRange(request.headers.get('range'), size), size);
    const headers = new Headers(answer.headers);
    headers.set('content-type', found.mime);
    headers.set('x-content-type-options', 'nosniff');
    // Only the app's own pages may read the pixels.
    headers.set('access-control-allow-origin', APP_ORIGIN);
    if (answer.status === 416 || size === 0 || request.method === 'HEAD') return new Response(null, { status: answer.status, headers });
    const body = Readable.toWeb(createReadStream(found.file, { start: answer.start, end: answer.end })) as ReadableStream<Uint8Array>;
    return new Response(body, { status: answer.status, headers });
  });
}
