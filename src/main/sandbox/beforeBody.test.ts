import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from './index';

let sandbox: SandboxHandle;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());

/**
 * Sends a POST that announces an 80 MB body but sends only its first bytes, and waits for the answer: a server
 * that read the body first would wait for the rest (and hold it) instead of answering.
 */
function announceBigBody(headers: Record<string, string>): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${sandbox.baseUrl}/v1/gen-dev`);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-length': String(80 * 1024 * 1024), ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
      });
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    req.write('x'.repeat(1024));
  });
}

describe('the Sandbox answers before reading a body it would refuse', () => {
  it('a keyless text/plain POST is refused (401) without its body being read, and the connection closed', async () => {
    const answer = await announceBigBody({ 'content-type': 'text/plain' });
    expect(answer).toMatchObject({ status: 401, connection: 'close' });
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Not authenticated: send your API key in the x-key header' });
    expect((await announceBigBody({ 'content-type': 'text/plain', 'x-key': 'sk-nobody-knows-this' })).status).toBe(403);
  });

  it('a known key with a body that is not JSON by its type gets the framework’s 422 without its body being read', async () => {
    const answer = await announceBigBody({ 'content-type': 'text/plain', 'x-key': sandbox.demoKey });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body)).toMatchObject({ detail: [{ loc: ['body'], type: 'model_attributes_type' }] });
    // Nothing was taken or charged.
    expect(sandbox.submissions().filter((s) => s.status === 200)).toEqual([]);
  });
});
