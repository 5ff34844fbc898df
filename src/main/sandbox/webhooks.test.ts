import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import { sandboxPerTest } from './testing/lifecycle';
import { ManualTimers } from './testing/manualTimers';
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

  /** Waits (for the receiver and the sandbox to do their I/O) until the sandbox has logged `n` tries. */
  const tries = async (sandbox: { webhookDeliveries?: () => readonly unknown[] }, n: number) => {
    for (let i = 0; i < 500 && (sandbox.webhookDeliveries?.().length ?? 0) < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(sandbox.webhookDeliveries?.()).toHaveLength(n);
  };

  it('retries a failing receiver with doubling delays, and stops once it succeeds', async () => {
    const hook = await receiver([500, 503]);
    onClose(hook.close);
    const policy = { attempts: 5, baseDelayMs: 60, timeoutMs: 2000 };
    const timers = new ManualTimers();
    const { sandbox, client } = await start({ webhookRetry: policy, timers });
    await client.post(DEV, { ...small, webhook_url: hook.url, webhook_secret: 'k' });
    await tries(sandbox, 1);
    // The second try waits the base delay, and nothing goes before that wait is over.
    expect(timers.delays()).toEqual([retryDelay(policy, 2)]);
    expect(hook.received).toHaveLength(1);
    timers.fireAll();
    await tries(sandbox, 2);
    // The third waits twice as long.
    expect(timers.delays()).toEqual([2 * retryDelay(policy, 2)]);
    timers.fireAll();
    await tries(sandbox, 3);
    const got = [await hook.next(), await hook.next(), await hook.next()];
    expect(got.map((t) => t.headers[ATTEMPT_HEADER])).toEqual(['1', '2', '3']);
    expect(got.every((t) => verify('k', t.raw, t.headers[SIGNATURE_HEADER]))).toBe(true);
    // Answered 200: no further try is armed, so none can come.
    expect(timers.delays()).toEqual([]);
    expect(sandbox.webhookDeliveries?.().map((d) => d.status)).toEqual([500, 503, 200]);
  });

  it('gives up after a bounded number of tries', async () => {
    const hook = await receiver([500, 500, 500, 500, 500]);
    onClose(hook.close);
    const timers = new ManualTimers();
    const { sandbox, client } = await start({ webhookRetry: { attempts: 3, baseDelayMs: 20 }, timers });
    await client.post(DEV, { ...small, webhook_url: hook.url });
    for (let n = 1; n < 3; n++) {
      await tries(sandbox, n);
      expect(timers.delays()).toEqual([20 * 2 ** (n - 1)]);
      timers.fireAll();
    }
    await tries(sandbox, 3);
    // The third failure arms nothing: the sandbox has given up.
    expect(timers.delays()).toEqual([]);
    expect(hook.received).toHaveLength(3);
  });

  it('retries when nobody is listening', async () => {
    const timers = new ManualTimers();
    const { sandbox, client } = await start({ webhookRetry: { attempts: 2, baseDelayMs: 20 }, timers });
    await client.post(DEV, { ...small, webhook_url: 'http://127.0.0.1:9/nobody' });
    await tries(sandbox, 1);
    timers.fireAll();
    await tries(sandbox, 2);
    expect(sandbox.webhookDeliveries?.().map((d) => [d.attempt, d.status])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(timers.delays()).toEqual([]);
  });
});
