import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../deps';
import { errorBodyMessage, retryAfterMs, send } from './httpClient';

let server: Server;
let origin: string;
const seen: Array<{ url: string; key: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', key: req.headers['x-key'] as string | undefined });
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `${origin}/landing` }).end();
    } else if (req.url === '/drop') {
      req.socket.destroy();
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(4096));
    } else if (req.url === '/big-gzip') {
      // A small declared length that unpacks to far more than the limit.
      const packed = gzipSync(Buffer.alloc(200_000));
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip', 'content-length': packed.length }).end(packed);
    } else if (req.url === '/error-8mb') {
      // A storage error page of 8 MiB, sent in pieces as a slow or hostile server would.
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.write('{"detail":"storage is down"}'.padEnd(64 * 1024));
      for (let i = 0; i < 127; i++) res.write(Buffer.alloc(64 * 1024, 0x61));
      res.end();
    } else if (req.url === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(600));
      res.end(Buffer.alloc(600));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const key = (origins: string[]) => ({ value: 'sk-http-test-1234', allowedOrigins: new Set(origins) });

describe('the HTTP client', () => {
  it('sends the key to an allowed origin', async () => {
    const out = await send(fetch, systemClock, { url: `${origin}/ok`, method: 'GET', key: key([origin]), timeoutMs: 5000 });
    expect(out).toMatchObject({ kind: 'answer', status: 200 });
    expect(seen.at(-1)).toEqual({ url: '/ok', key: 'sk-http-test-1234' });
  });

  it('reaches localhost over http as 127.0.0.1, never asking a resolver, and refuses *.localhost with the key', async () => {
    const port = new URL(origin).port;
    const asked: string[] = [];
    const spy: typeof fetch = (input, init) => {
      asked.push(String(input));
      return fetch(input, init);
    };
    const out = await send(spy, systemClock, { url: `http://localhost:${port}/ok`, method: 'GET', key: key([`http://localhost:${port}`]), timeoutMs: 5000 });
    expect(out).toMatchObject({ kind: 'answer', status: 200 });
    expect(asked).toEqual([`http://127.0.0.1:${port}/ok`]);
    // Node would ask the network's DNS for this name: the key never goes there in clear text.
    const refused = await send(spy, systemClock, { url: `http://gen.localhost:${port}/ok`, method: 'GET', key: key([`http://gen.localhost:${port}`]), timeoutMs: 5000 });
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(asked).toHaveLength(1);
  });

  it('refuses to send the key anywhere else, without contacting it', async () => {
    const before = seen.length;
    const out = await send(fetch, systemClock, { url: `${origin}/ok`, method: 'GET', key: key(['https://api.example.com']), timeoutMs: 5000 });
    expect(out.kind).toBe('refused');
    expect(seen.length).toBe(before);
  });

  it('never follows a redirect while carrying the key', async () => {
    const before = seen.length;
    const out = await send(fetch, systemClock, { url: `${origin}/redirect`, method: 'GET', key: key([origin]), timeoutMs: 5000 });
    expect(out).toMatchObject({ kind: 'answer', status: 302 });
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect']);
  });

  it('tells a refused connection (never reached) from a dropped one (may have arrived)', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = await send(fetch, systemClock, { url: `http://127.0.0.1:${port}/x`, method: 'POST', body: '{}', timeoutMs: 5000 });
    // The code is kept for the log; the words are the artist's (the offline banner showed "ECONNREFUSED").
    expect(refused).toMatchObject({ kind: 'network', reached: false, code: 'ECONNREFUSED', message: 'nothing answers at its address' });
    const dropped = await send(fetch, systemClock, { url: `${origin}/drop`, method: 'POST', body: '{}', timeoutMs: 5000 });
    expect(dropped).toMatchObject({ kind: 'network', reached: true });
  });

  it('stops at a size limit', async () => {
    for (const path of ['/big', '/big-gzip', '/big-chunked']) {
      const out = await send(fetch, systemClock, { url: `${origin}${path}`, method: 'GET', binary: true, maxBytes: 1000, timeoutMs: 5000 });
      expect(out, path).toMatchObject({ kind: 'network', code: 'TOO_LARGE' });
    }
  });

  it('reads no more of a failed download\'s answer than its message needs', async () => {
    let read = 0;
    const counting: typeof fetch = async (input, init) => {
      const r = await fetch(input, init);
      const body = r.body!.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ transform: (chunk, c) => ((read += chunk.byteLength), c.enqueue(chunk)) }));
      return new Response(body, { status: r.status, headers: r.headers });
    };
    const out = await send(counting, systemClock, { url: `${origin}/error-8mb`, method: 'GET', timeoutMs: 5000, binary: true });
    expect(out).toMatchObject({ kind: 'answer', status: 500 });
    expect(errorBodyMessage((out as { text: string }).text)).toContain('storage is down');
    expect((out as { text: string }).text.length).toBeLessThanOrEqual(4096);
    // The rest of the 8 MiB is dropped, not read.
    expect(read).toBeLessThan(1024 * 1024);
  });

  it('times out by the clock it is given', async () => {
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const out = await send(never, systemClock, { url: `${origin}/ok`, method: 'GET', timeoutMs: 20 });
    expect(out).toEqual({ kind: 'timeout' });
  });
});

describe('error bodies', () => {
  it('read detail, message or text', () => {
    expect(errorBodyMessage('{"detail":"Insufficient credits"}')).toBe('Insufficient credits');
    expect(errorBodyMessage('{"message":"Slow down"}')).toBe('Slow down');
    expect(errorBodyMessage('<html><h1>502 Bad Gateway</h1></html>')).toBe('502 Bad Gateway');
    expect(errorBodyMessage('x'.repeat(1000))).toHaveLength(298);
  });

  it('read Retry-After as seconds or a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), 0)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4000)).toBe(6000);
    expect(retryAfterMs(new Headers(), 0)).toBeUndefined();
  });
});
