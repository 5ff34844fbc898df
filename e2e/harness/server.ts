import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core } from '../../src/main/core/createCore';
import { parseByteRange, rangeResponse } from '../../src/main/core/mediaRange';
import type { CoreDeps } from '../../src/main/core/deps';
import { forkSandbox } from '../../src/main/core/connections/forkedSandbox';
import { nodeDeps } from '../../src/main/core/nodeDeps';
import { contentSecurityPolicy } from '../../src/shared/security/csp';
import { createDispatcher, trustOrigins, type Dispatcher } from '../../src/main/ipc/dispatcher';
import { ScriptedKeyDialogs } from './keyDialogs';
import { ScriptedProjectDialogs } from './projectDialogs';
import { recordingDesktop, type RecordingDesktop } from '../../src/main/core/desktop/nodeDesktop';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RENDERER_DIR = join(ROOT, 'out/renderer');
export const BRIDGE_FILE = join(ROOT, 'out/harness/bridge.js');
const SANDBOX_BUNDLE = join(ROOT, 'out/main/sandbox.js');

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Chromium asks every page for /favicon.ico; the app's own icon answers, as the window's does in Electron. */
const FAVICON_FILE = join(ROOT, 'resources/icons/icon.ico');

export interface Harness {
  readonly url: string;
  readonly origin: string;
  readonly core: Core;
  readonly dispatcher: Dispatcher;
  /** The main-process dialogs about where a key may go, answered by the spec (unless `deps` brings its own). */
  readonly keyDialogs: ScriptedKeyDialogs;
  /** The desktop stand-in: save dialog, clipboard, trash, notifications and native drags, recorded. */
  readonly desktop: RecordingDesktop;
  /** Save to file / Open file's dialogs, answered by the spec (or the terminal, in the headed runner). */
  readonly projectDialogs: ScriptedProjectDialogs;
  close(): Promise<void>;
}

/** Stored media, with byte ranges for <video> seeking: the same answers as the Electron protocol handler. */
async function serveFile(res: ServerResponse, file: string, mime: string, req: IncomingMessage): Promise<void> {
  const { size } = await stat(file);
  const answer = rangeResponse(parseByteRange(req.headers.range, size), size);
  res.writeHead(answer.status, { ...answer.headers, 'content-type': mime, 'x-content-type-options': 'nosniff' });
  if (answer.status === 416 || size === 0 || req.method === 'HEAD') return void res.end();
  createReadStream(file, { start: answer.start, end: answer.end }).pipe(res);
}

/**
 * The browser harness's server: the built renderer at `/`, stored media at `/gen-media/...`, and the Node core
 * behind the same dispatcher Electron uses. Listens on 127.0.0.1 only.
 */
export async function startHarness(options: {
  dataDir: string;
  deps?: Partial<CoreDeps>;
  projectDialogs?: ScriptedProjectDialogs;
}): Promise<Harness> {
  const root = normalize(RENDERER_DIR + sep);
  // The server starts first so the core can learn its media address; requests before that find nothing.
  const started: { core?: Core } = {};
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://harness').pathname);
      if (path.startsWith('/gen-media/')) {
        const found = await started.core?.media.resolve(path.slice('/gen-media/'.length));
        if (!found) return void res.writeHead(404).end();
        return serveFile(res, found.file, found.mime, req);
      }
      if (path === '/favicon.ico') {
        res.writeHead(200, { 'content-type': MIME['.ico'] ?? 'image/x-icon', 'cache-control': 'max-age=86400' });
        return void res.end(await readFile(FAVICON_FILE));
      }
      const file = normalize(join(root, path === '/' ? 'index.html' : path));
      if (!file.startsWith(root)) return void res.writeHead(404).end();
      const body = await readFile(file).catch(() => undefined);
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': contentSecurityPolicy(),
      });
      res.end(body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const keyDialogs = new ScriptedKeyDialogs();
  const projectDialogs = options.projectDialogs ?? new ScriptedProjectDialogs();
  // Its calls are also written to <dataDir>/.desktop/calls.jsonl, where a spec can read them.
  const desktop = recordingDesktop(join(options.dataDir, '.desktop'));
  const deps = {
    ...nodeDeps({ dataDir: options.dataDir, mediaBase: `${origin}/gen-media/`, runner: 'chromium' }),
    // The renderer served here is the build's, so the Sandbox is too: its bundle starts in a third of the time tsx
    // takes to compile the source entry (about 0.8 s against 2 s), once per app start of every spec.
    ...(existsSync(SANDBOX_BUNDLE) ? { sandboxLauncher: forkSandbox(SANDBOX_BUNDLE) } : {}),
    confirmKeyDestination: keyDialogs.confirm,
    desktop,
    projectFileDialogs: projectDialogs,
    ...options.deps,
  };
  const core = await createCore(deps);
  started.core = core;
  const dispatcher = createDispatcher(core.handlers, trustOrigins([origin]), core.log);
  // As the Electron shell does while its window loads.
  await dispatcher.warm('library.page', { offset: 0, limit: 100 });
  void dispatcher.warm('spending.summary', {});

  return {
    url: `${origin}/index.html`,
    origin,
    core,
    dispatcher,
    keyDialogs,
    desktop,
    projectDialogs,
    close: async () => {
      await core.dispose();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
