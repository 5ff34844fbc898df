import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../api';
import { startSandbox } from '../index';
import { isOwnHost } from './hostCheck';

/** A GET with a `Host` header of our choosing (fetch does not let a caller set it), as a rebinding page sends. */
function getWithHost(baseUrl: string, path: string, host: string | null): Promise<{ status: number; body: string }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'GET', headers: { 'x-key': 'sandbox-demo-key' }, setHost: host !== null },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    if (host !== null) req.setHeader('host', host);
    req.on('error', reject);
    req.end();
  });
}

describe('the Sandbox answers only requests addressed to itself', () => {
  it('knows its own loopback names at its own port', () => {
    for (const h of ['127.0.0.1:8780', 'localhost:8780', 'LOCALHOST:8780', '[::1]:8780']) expect(isOwnHost(h, 8780), h).toBe(true);
    for (const h of ['evil.example:8780', '127.0.0.1:8781', '127.0.0.1', 'localhost', 'localhost.:8780', 'a.localhost:8780', '127.0.0.2:8780', '', '0.0.0.0:8780']) {
      expect(isOwnHost(h, 8780), h).toBe(false);
    }
    expect(isOwnHost(undefined, 8780)).toBe(false);
  });

  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('refuses a rebound name before doing anything, and serves its own names', async () => {
    const port = new URL(sandbox.baseUrl).port;
    const rebound = await getWithHost(sandbox.baseUrl, '/v1/credits', `rebind.example.com:${port}`);
    expect(rebound.status).toBe(421);
    expect(rebound.body).not.toContain('credits"');
    expect((await getWithHost(sandbox.baseUrl, '/v1/credits', `127.0.0.1:${Number(port) + 7}`)).status).toBe(421);
    // Node itself refuses an HTTP/1.1 request without Host (400); either way it is not served.
    expect([400, 421]).toContain((await getWithHost(sandbox.baseUrl, '/v1/credits', null)).status);

    expect((await getWithHost(sandbox.baseUrl, '/v1/credits', `127.0.0.1:${port}`)).status).toBe(200);
    expect((await getWithHost(sandbox.baseUrl, '/v1/credits', `localhost:${port}`)).status).toBe(200);
    const regionalPort = new URL(sandbox.regionalBaseUrl).port;
    // Each origin answers to its own port only.
    expect((await getWithHost(sandbox.regionalBaseUrl, '/v1/credits', `127.0.0.1:${port}`)).status).toBe(421);
    expect((await getWithHost(sandbox.regionalBaseUrl, '/v1/credits', `127.0.0.1:${regionalPort}`)).status).toBe(404);
  });
});
