import { describe, expect, it } from 'vitest';
import { endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import { referenceFieldNames } from '../../shared/catalog/common';
import { AsyncResponseSchema, AsyncWebhookResponseSchema, moderationReasons } from '../../shared/catalog/responses';
import type { RequestLogEntry } from './api';
import { DEFAULT_RESULT_EXPIRY_MS } from './index';
import { CONTENT_MODERATION_MAX_TOLERANCE, CONTENT_MODERATION_WORDS, REQUEST_MODERATION_WORDS } from './moderation';
import { UPSAMPLED_SUFFIX } from './handlers/submit';
import { pendingDuration } from './tasks/timing';
import { sandboxPerTest } from './testing/lifecycle';
import { maskPng, solidPng } from './testing/media';

const DEV = endpointPath(getEndpoint('gen-dev'));
const small = { prompt: 'a lighthouse', width: 256, height: 256, output_format: 'png' };

const { start } = sandboxPerTest();

type Submitted = { id: string; polling_url: string; cost: number };

describe('the task lifecycle', () => {
  it('is Pending with a rising progress for its duration, then Ready with an absolute sample address and the seed', async () => {
    let clock = 50_000;
    const { client } = await start({ durations: { 'gen-dev': 4000 }, now: () => clock });
    const task = (await client.post<Submitted>(DEV, { ...small, seed: 5 })).body;
    const progress: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await client.poll(task.polling_url);
      expect(answer).toMatchObject({ id: task.id, status: 'Pending' });
      progress.push(answer.progress ?? -1);
      clock += 1000;
    }
    expect(progress).toEqual([0, 0.25, 0.5, 0.75]);
    const ready = await client.poll(task.polling_url);
    expect(ready.status).toBe('Ready');
    expect(ready.result?.seed).toBe(5);
    expect(new URL(ready.result?.sample ?? '').origin).toBe(new URL(task.polling_url).origin);
  });

  it('prompt_upsampling rewrites the prompt, and says so in result.prompt', async () => {
    const { client } = await start();
    const plain = await client.poll((await client.post<Submitted>(DEV, { ...small, seed: 1 })).body.polling_url);
    const upsampled = await client.poll((await client.post<Submitted>(DEV, { ...small, seed: 1, prompt_upsampling: true })).body.polling_url);
    expect(plain.result?.prompt).toBe('a lighthouse');
    expect(upsampled.result?.prompt).toBe(`a lighthouse, ${UPSAMPLED_SUFFIX}`);
    const [a, b] = await Promise.all([plain, upsampled].map(async (r) => (await client.download(String(r.result?.sample))).bytes));
    expect(a!.equals(b!)).toBe(false);
  });

  it('picks a seed when none is given, and reports it', async () => {
    const { client } = await start();
    const ready = await client.poll((await client.post<Submitted>(DEV, small)).body.polling_url);
    expect(Number.isInteger(ready.result?.seed)).toBe(true);
  });

  it('result addresses expire after 10 minutes by default (configurable), and then the task is not found', async () => {
    expect(DEFAULT_RESULT_EXPIRY_MS).toBe(10 * 60 * 1000);
    let clock = 0;
    const { client } = await start({ now: () => clock, resultExpiryMs: 60_000 });
    const task = (await client.post<Submitted>(DEV, small)).body;
    const sample = (await client.poll(task.polling_url)).result?.sample ?? '';
    clock += 59_000;
    expect((await client.download(sample)).status).toBe(200);
    clock += 1000;
    const expired = await client.download(sample);
    expect(expired.status).toBe(403);
    expect(expired.bytes.toString()).toMatch(/expiry/);
    expect((await client.poll(task.polling_url)).status).toBe('Task not found');
  });

  it('with no expiry option, a result address works for 599 s after Ready and is refused at 600 s', async () => {
    let clock = 1_000_000;
    const { client } = await start({ now: () => clock });
    const task = (await client.post<Submitted>(DEV, small)).body;
    const sample = (await client.poll(task.polling_url)).result?.sample ?? '';
    clock += 599_000;
    expect((await client.download(sample)).status).toBe(200);
    clock += 1000;
    expect((await client.download(sample)).status).toBe(403);
  });

  it('a tampered result address is refused', async () => {
    const { client } = await start();
    const sample = (await client.poll((await client.post<Submitted>(DEV, small)).body.polling_url)).result?.sample ?? '';
    const url = new URL(sample);
    url.searchParams.set('se', String(Number(url.searchParams.get('se')) + 3_600_000));
    expect((await client.download(url.toString())).status).toBe(403);
  });

  it('serves byte ranges, so a player can seek', async () => {
    const { client } = await start();
    const sample = (await client.poll((await client.post<Submitted>(DEV, small)).body.polling_url)).result?.sample ?? '';
    const whole = await client.download(sample);
    const part = await fetch(sample, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.bytes.subarray(10, 20));
  });

  it('answers Task not found for an unknown id, and for another key’s task', async () => {
    const { sandbox, client } = await start();
    sandbox.addKey('someone-else');
    const task = (await client.post<Submitted>(DEV, small)).body;
    expect(await client.poll(`${sandbox.baseUrl}/v1/get_result?id=nope`)).toMatchObject({ id: 'nope', status: 'Task not found' });
    expect((await client.poll(task.polling_url, { key: 'someone-else' })).status).toBe('Task not found');
    expect((await client.get(task.polling_url, { key: null })).status).toBe(401);
    expect((await client.get(`${sandbox.baseUrl}/v1/get_result`)).status).toBe(422);
  });

  it('realistic durations for the demo, instant for tests', () => {
    const dev = getEndpoint('gen-dev');
    const video = getEndpoint('gen-3-video');
    expect(pendingDuration(dev, {})).toBe(0);
    expect(pendingDuration(dev, { timing: 'demo' })).toBeGreaterThanOrEqual(2000);
    expect(pendingDuration(video, { timing: 'demo' })).toBeGreaterThan(pendingDuration(dev, { timing: 'demo' }));
    expect(pendingDuration(dev, { timing: 'demo', durations: { 'gen-dev': 10 } })).toBe(10);
  });

  it('spreads durations by the prompt when asked: the same request the same time, different ones apart', () => {
    const dev = getEndpoint('gen-dev');
    const o = { durations: { 'gen-dev': 3000 }, durationSpread: 0.3 };
    expect(pendingDuration(dev, o, 'a fox')).toBe(pendingDuration(dev, o, 'a fox'));
    const spread = Array.from({ length: 200 }, (_, i) => pendingDuration(dev, o, `prompt ${i}`));
    expect(Math.min(...spread)).toBeGreaterThanOrEqual(2100);
    expect(Math.max(...spread)).toBeLessThanOrEqual(3900);
    expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThan(1200);
    expect(new Set(spread).size).toBeGreaterThan(100);
    expect(pendingDuration(dev, { durations: { 'gen-dev': 3000 } }, 'a fox')).toBe(3000);
  });
});

describe('the access log', () => {
  it('reports each answered request, with signatures left out and dropped connections as 0', async () => {
    const entries: RequestLogEntry[] = [];
    const { client } = await start({ onRequest: (e) => entries.push(e) });
    const task = (await client.post<Submitted>(DEV, small)).body;
    const sample = (await client.poll(task.polling_url)).result?.sample ?? '';
    await client.download(sample);
    await expect(client.post(DEV, small, { fail: 'drop' })).rejects.toThrow();
    for (let i = 0; i < 50 && entries.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
    expect(entries.map((e) => [e.method, e.status])).toEqual([
      ['POST', 200],
      ['GET', 200],
      ['GET', 200],
      ['POST', 0],
    ]);
    expect(entries[2]?.path).toMatch(/sig=…$/);
    expect(entries[2]?.path).not.toContain(new URL(sample).searchParams.get('sig'));
    expect(entries[3]?.failure).toBe('drop');
  });
});

describe('responses', () => {
  it('AsyncWebhookResponse when webhook_url is given on an endpoint that answers with it; AsyncResponse otherwise', async () => {
    const { client } = await start();
    const hook = 'http://127.0.0.1:9/hook';
    const webhook = await client.post(DEV, { ...small, webhook_url: hook });
    expect(AsyncWebhookResponseSchema.strict().parse(webhook.body)).toMatchObject({ status: 'Pending', webhook_url: hook });
    const context = await client.post(endpointPath(getEndpoint('gen-ctx-max')), { prompt: 'x', input_image: await solidPng(64, 64), webhook_url: hook });
    expect(context.status).toBe(200);
    expect(AsyncWebhookResponseSchema.strict().parse(context.body)).toMatchObject({ status: 'Pending', webhook_url: hook, output_mp: 0 });
    const fill = getEndpoint('gen-pro-1.0-fill');
    const plain = await client.post(endpointPath(fill), {
      image: await solidPng(64, 64),
      mask: await maskPng(64, 64, [{ x: 0, y: 0, w: 8, h: 8 }]),
      webhook_url: hook,
    });
    expect(AsyncResponseSchema.strict().safeParse(plain.body).success).toBe(true);
  });
});

describe('megapixels and cost', () => {
  it('input_mp sums every input’s pixels and rounds once: ten 40 x 40 references are 0.02 MP, and are charged', async () => {
    const { client } = await start();
    const reference = await solidPng(40, 40);
    const references = Object.fromEntries(referenceFieldNames(10).map((name) => [name, reference]));
    const answer = await client.post<Submitted & { input_mp: number; output_mp: number }>(endpointPath(getEndpoint('gen-3-image')), {
      prompt: 'a collage',
      resolution: '768sq',
      aspect_ratio: '1:1',
      ...references,
    });
    expect(answer.status).toBe(200);
    // 10 x 1600 px; the output is 768 x 768 (0.59 MP, within the first megapixel); 2 + 3 + 1 x 0.02 credits.
    expect(answer.body).toMatchObject({ input_mp: 0.02, output_mp: 0.59, cost: 5.02 });
  });
});

describe('moderation by documented words', () => {
  it('a request word: Request Moderated at once, with its category, and not charged', async () => {
    const { sandbox, client } = await start();
    for (const [word, category] of Object.entries(REQUEST_MODERATION_WORDS)) {
      const task = (await client.post<Submitted>(DEV, { ...small, prompt: `a scene with ${word.toUpperCase()} in it` })).body;
      const result = await client.poll(task.polling_url);
      expect(result.status, word).toBe('Request Moderated');
      expect(moderationReasons(result.details)).toEqual([category]);
      expect(result.result ?? null).toBeNull();
    }
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
  });

  it('a content word: accepted, then Content Moderated with its category, and refunded', async () => {
    const { sandbox, client } = await start();
    for (const [word, category] of Object.entries(CONTENT_MODERATION_WORDS)) {
      const task = (await client.post<Submitted>(DEV, { ...small, prompt: `${word} still life` })).body;
      const result = await client.poll(task.polling_url);
      expect(result.status, word).toBe('Content Moderated');
      expect(moderationReasons(result.details)).toEqual([category]);
    }
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
  });

  it(`content words pass at a safety_tolerance above ${CONTENT_MODERATION_MAX_TOLERANCE}; request words never do`, async () => {
    const { client } = await start();
    const content = Object.keys(CONTENT_MODERATION_WORDS)[0]!;
    const request = Object.keys(REQUEST_MODERATION_WORDS)[0]!;
    const at = async (prompt: string, safety_tolerance: number) =>
      (await client.poll((await client.post<Submitted>(DEV, { ...small, prompt, safety_tolerance })).body.polling_url)).status;
    expect(await at(content, CONTENT_MODERATION_MAX_TOLERANCE)).toBe('Content Moderated');
    expect(await at(content, CONTENT_MODERATION_MAX_TOLERANCE + 1)).toBe('Ready');
    expect(await at(request, 6)).toBe('Request Moderated');
  });

  it('matches whole words only', async () => {
    const { client } = await start();
    const task = (await client.post<Submitted>(DEV, { ...small, prompt: 'a gorey bloodyish scene' })).body;
    expect((await client.poll(task.polling_url)).status).toBe('Ready');
  });
});
