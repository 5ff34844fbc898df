/** Serves a page a benchmark built with Vite on a loopback port, for Chromium to open. */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export async function serveBuiltPage(outDir: string): Promise<{ readonly url: string; close(): void }> {
  const server = createServer((req, res) => {
    const path = join(outDir, req.url === '/' ? 'index.html' : (req.url ?? '').split('?')[0]!);
    readFile(path).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}
