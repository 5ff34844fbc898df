import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import { sandboxPerTest } from './testing/lifecycle';
import { webhookReceiver as receiver } from './testing/receiver';
import { ATTEMPT_HEADER, retryDelay, SIGNATURE_HEADER } from './webhooks';

const DEV = endpointPath(getEndpoint('gen-dev'));
const small = { prompt: 'a lighthouse', width: 256, height: 256, output_format: 'png' };

/** What a receiver does with the documented header: recompute the HMAC of the raw body and compare. */
function verify(secret: string, raw: string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const { start, onClose } = sandboxPerTest();

describe('webhooks', () => {
  it('POST the final polling body (status Ready) signed with webhook_secret, verifiable by the receiver', async () => {
    const hook = await receiver();
    onClose(hook.close);
    const { sandbox, client } = await start();
    const secret = 's3cret';
    const submitted = await client.post<{ id: string }>(DEV, { ...small, webhook_url: hook.url, webhook_secret: secret });
    const delivery = await hook.next();
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(verify(secret, delivery.raw, delivery.headers[SIGNATURE_HEADER])).toBe(true);
    expect(verify('wrong', delivery.raw, delivery.headers[SIGNATURE_HEADER])).toBe(false);
    const body = JSON.parse(delivery.raw) as { id: string; status: string; result: { sample: string } };
    expect(body).toMatchObject({ id: submitted.body.id, status: 'Ready' });
    // The same body polling gives.
    const polled = await client.poll(`${sandbox.baseUrl}/v1/get_result?id=${body.id}`);
    expect(polled).toEqual(body);
    expect((await client.download(body.result.sample)).status).toBe(200);
  });

  it('is unsigned without a secret, and sent for moderated tasks too', async () => {
    const hook = await receiver();
    onClose(hook.close);
    const { client } = await start();
    await client.post(DEV, { ...small, prompt: 'gore', webhook_url: hook.url });
    const delivery = await hook.next();
    expect(delivery.headers[SIGNATURE_HEADER]).toBeUndefined();
    expect(JSON.parse(delivery.raw)).toMatchObject({ status: 'Request Moderated' });
  });

  it('retries a failing receiver with doubling delays, and stops once it succeeds', async () => {
    const hook = await receiver([500, 503]);
    onClose(hook.close);
    const policy = { attempts: 5, baseDelayMs: 60, timeoutMs: 2000 };
    const { sandbox, client } = await start({ webhookRetry: policy });
    await client.post(DEV, { ...small, webhook_url: hook.url, webhook_secret: 'k' });
    const tries = [await hook.next(), await hook.next(), await hook.next()];
    expect(tries.map((t) => t.headers[ATTEMPT_HEADER])).toEqual(['1', '2', '3']);
    expect(tries.every((t) => verify('k', t.raw, t.headers[SIGNATURE_HEADER]))).toBe(true);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(retryDelay(policy, 2) - 5);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(retryDelay(policy, 3) - 5);
    expect(retryDelay(policy, 3)).toBe(2 * retryDelay(policy, 2));
    await new Promise((r) => setTimeout(r, 300));
    expect(hook.received).toHaveLength(3);
    expect(sandbox.webhookDeliveries?.().map((d) => d.status)).toEqual([500, 503, 200]);
  });

  it('gives up after a bounded number of tries', async () => {
    const hook = await receiver([500, 500, 500, 500, 500]);
    onClose(hook.close);
    const { sandbox, client } = await start({ webhookRetry: { attempts: 3, baseDelayMs: 20 } });
    await client.post(DEV, { ...small, webhook_url: hook.url });
    for (let i = 0; i < 3; i++) await hook.next();
    await new Promise((r) => setTimeout(r, 250));
    expect(hook.received).toHaveLength(3);
    expect(sandbox.webhookDeliveries?.()).toHaveLength(3);
  });

  it('retries when nobody is listening', async () => {
    const { sandbox, client } = await start({ webhookRetry: { attempts: 2, baseDelayMs: 20 } });
    await client.post(DEV, { ...small, webhook_url: 'http://127.0.0.1:9/nobody' });
    for (let i = 0; i < 100 && (sandbox.webhookDeliveries?.().length ?? 0) < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sandbox.webhookDeliveries?.().map((d) => [d.attempt, d.status])).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });
});
