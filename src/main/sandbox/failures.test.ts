import { describe, expect, it } from 'vitest';
import { endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import { FAILURE_HEADER } from './api';
import { DEFAULT_MAX_ACTIVE_TASKS } from './index';
import { STUCK_TASK_LIMIT_MS } from './tasks/taskStore';
import { parseFailureHeader } from './failures';
import type { PostOptions, SandboxClient } from './testing/client';
import { sandboxPerTest } from './testing/lifecycle';

const DEV = endpointPath(getEndpoint('gen-dev'));
const PRO = endpointPath(getEndpoint('gen-pro-1.1'));
const small = { prompt: 'a lighthouse', width: 256, height: 256, output_format: 'png' };

const { start } = sandboxPerTest();

type Submitted = { id: string; polling_url: string };
const submitOk = async (client: SandboxClient, o: PostOptions = {}, path = DEV) => {
  const answer = await client.post<Submitted>(path, small, o);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('failure rules set on the server', () => {
  it('429 with Retry-After, played `times` times and then the normal answer', async () => {
    const { sandbox, client } = await start({ failures: [{ on: 'submit', failure: { kind: 'rate-limit', retryAfterSeconds: 3 }, times: 1 }] });
    const limited = await client.post<{ detail: string }>(DEV, small);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(typeof limited.body.detail).toBe('string');
    await submitOk(client);
    expect(sandbox.submissions().map((s) => [s.status, s.taskId === null])).toEqual([
      [429, true],
      [200, false],
    ]);
  });

  it('402, 500 and 503 with a JSON detail; 502 as a proxy’s HTML page', async () => {
    const { sandbox, client } = await start();
    for (const status of [402, 500, 503] as const) {
      sandbox.inject({ on: 'submit', failure: { kind: 'status', status }, times: 1 });
      const answer = await client.post<{ detail: string }>(DEV, small);
      expect(answer.status).toBe(status);
      expect(typeof answer.body.detail).toBe('string');
    }
    sandbox.inject({ on: 'submit', failure: { kind: 'status', status: 502 }, times: 1 });
    const gateway = await client.post(DEV, small);
    expect(gateway.status).toBe(502);
    expect(gateway.headers.get('content-type')).toMatch(/text\/html/);
    expect(typeof gateway.body).toBe('string');
    // None of them created a task or drew credits.
    expect(sandbox.submissions().every((s) => s.taskId === null)).toBe(true);
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
  });

  it('a dropped connection: no answer at all, recorded with status 0', async () => {
    const { sandbox, client } = await start({ failures: [{ on: 'submit', failure: { kind: 'drop' }, times: 1 }] });
    await expect(client.post(DEV, small)).rejects.toThrow();
    expect(sandbox.submissions()).toMatchObject([{ status: 0, taskId: null, endpointId: 'gen-dev' }]);
  });

  it('a slow answer arrives after the delay, and is otherwise normal', async () => {
    const { client } = await start({ failures: [{ on: 'submit', failure: { kind: 'slow', delayMs: 300 } }] });
    const started = Date.now();
    await submitOk(client);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('malformed JSON on submit: a 200 whose body does not parse, for a task that was created and charged', async () => {
    const { sandbox, client } = await start({ failures: [{ on: 'submit', failure: { kind: 'malformed-json' }, times: 1 }] });
    const answer = await client.post<unknown>(DEV, small);
    expect(answer.status).toBe(200);
    expect(typeof answer.body).toBe('string');
    expect(() => JSON.parse(String(answer.body))).toThrow();
    const [record] = sandbox.submissions();
    expect(record?.taskId).toBeTruthy();
    expect(sandbox.credits(sandbox.demoKey)).toBeLessThan(1000);
  });

  it('stage and endpoint filters: a poll failure leaves submit alone; an endpoint rule leaves the others alone', async () => {
    const { client } = await start({
      failures: [
        { on: 'poll', failure: { kind: 'status', status: 503 }, times: 1 },
        { on: 'submit', failure: { kind: 'status', status: 500 }, endpoint: 'gen-pro-1.1' },
      ],
    });
    const task = await submitOk(client);
    expect((await client.get(task.polling_url)).status).toBe(503);
    expect((await client.poll(task.polling_url)).status).toBe('Ready');
    expect((await client.post(PRO, small)).status).toBe(500);
  });

  it('a result download can fail too; clearFailures restores normal answers', async () => {
    const { sandbox, client } = await start({ failures: [{ on: 'result', failure: { kind: 'status', status: 500 } }] });
    const task = await submitOk(client);
    const ready = await client.poll(task.polling_url);
    expect((await client.download(ready.result?.sample ?? '')).status).toBe(500);
    sandbox.clearFailures();
    expect((await client.download(ready.result?.sample ?? '')).status).toBe(200);
  });

  it('stuck-pending: the task stays Pending, and keeps counting as active', async () => {
    const { client } = await start({ failures: [{ on: 'poll', failure: { kind: 'stuck-pending' }, times: 1 }], maxActiveTasksPerKey: 1 });
    const task = await submitOk(client);
    for (let i = 0; i < 5; i++) expect((await client.poll(task.polling_url)).status).toBe('Pending');
    expect((await client.post(DEV, small)).status).toBe(429);
  });

  it(`stuck-pending: past any client’s patience (${STUCK_TASK_LIMIT_MS / 60_000} minutes) the task is given up: Error, refunded, no longer active`, async () => {
    let clock = 5_000_000;
    const { sandbox, client } = await start({ now: () => clock, maxActiveTasksPerKey: 1 });
    const task = await submitOk(client, { fail: 'stuck-pending' });
    expect(sandbox.credits(sandbox.demoKey)).toBeLessThan(1000);
    clock += STUCK_TASK_LIMIT_MS - 1;
    expect((await client.poll(task.polling_url)).status).toBe('Pending');
    expect((await client.post(DEV, small)).status).toBe(429);
    clock += 1;
    const ended = await client.poll(task.polling_url);
    expect(ended.status).toBe('Error');
    expect(String(ended.details?.error)).toMatch(/did not finish within 60 minutes/);
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
    await submitOk(client);
  });

  it('expired-result: Ready, but the address answers as expired', async () => {
    const { client } = await start({ failures: [{ on: 'result', failure: { kind: 'expired-result' }, times: 1 }] });
    const ready = await client.poll((await submitOk(client)).polling_url);
    expect(ready.status).toBe('Ready');
    const file = await client.download(ready.result?.sample ?? '');
    expect(file.status).toBe(403);
    expect(file.bytes.toString()).toMatch(/AuthenticationFailed/);
    // Only that one task: the next one downloads.
    const next = await client.poll((await submitOk(client)).polling_url);
    expect((await client.download(next.result?.sample ?? '')).status).toBe(200);
  });

  it('task-not-found: polling answers Task not found right after a successful submit; the task is refunded at once', async () => {
    const { sandbox, client } = await start({ failures: [{ on: 'submit', failure: { kind: 'task-not-found' }, times: 1 }] });
    const task = await submitOk(client);
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
    expect(await client.poll(task.polling_url)).toMatchObject({ id: task.id, status: 'Task not found' });
  });

  it('task-error: the task ends with status Error and is refunded', async () => {
    const { sandbox, client } = await start({ failures: [{ on: 'any', failure: { kind: 'task-error' }, times: 1 }] });
    const task = await submitOk(client);
    const result = await client.poll(task.polling_url);
    expect(result.status).toBe('Error');
    expect(result.details).toHaveProperty('error');
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
  });
});

describe('failures set per request with the header', () => {
  it('parses every documented value and refuses anything else with 400', async () => {
    const { client } = await start();
    const cases: [string, unknown][] = [
      ['503', { kind: 'status', status: 503 }],
      ['402', { kind: 'status', status: 402 }],
      ['429;retry-after=7', { kind: 'rate-limit', retryAfterSeconds: 7 }],
      ['drop', { kind: 'drop' }],
      ['slow;ms=150', { kind: 'slow', delayMs: 150 }],
      ['malformed-json', { kind: 'malformed-json' }],
      ['stuck-pending', { kind: 'stuck-pending' }],
      ['expired-result', { kind: 'expired-result' }],
      ['task-not-found', { kind: 'task-not-found' }],
      ['task-error', { kind: 'task-error' }],
    ];
    for (const [value, mode] of cases) expect(parseFailureHeader(value)).toEqual(mode);
    for (const bad of ['418', 'explode', 'slow;ms=soon']) {
      const answer = await client.post<{ detail: string }>(DEV, small, { fail: bad });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.detail).toMatch(/x-sandbox-fail/);
    }
  });

  it('plays transport modes on that request only', async () => {
    const { client } = await start();
    const limited = await client.post(DEV, small, { fail: '429;retry-after=7' });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await client.post(DEV, small, { fail: '503' })).status).toBe(503);
    await expect(client.post(DEV, small, { fail: 'drop' })).rejects.toThrow();
    const task = await submitOk(client);
    expect((await client.get(task.polling_url, { fail: '500' })).status).toBe(500);
    expect(typeof (await client.get(task.polling_url, { fail: 'malformed-json' })).body).toBe('string');
    expect((await client.poll(task.polling_url)).status).toBe('Ready');
  });

  it('slow and drop on a poll and on a download; malformed-json on a download; 402 on a submit', async () => {
    const { sandbox, client } = await start();
    const task = await submitOk(client);
    const charged = sandbox.credits(sandbox.demoKey);
    let started = Date.now();
    expect((await client.poll(task.polling_url, { fail: 'slow;ms=250' })).status).toBe('Ready');
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    await expect(client.get(task.polling_url, { fail: 'drop' })).rejects.toThrow();

    const sample = (await client.poll(task.polling_url)).result?.sample ?? '';
    const whole = (await client.download(sample)).bytes;
    const failing = (value: string) => fetch(sample, { headers: { [FAILURE_HEADER]: value } });
    started = Date.now();
    const slow = await failing('slow;ms=250');
    expect(slow.status).toBe(200);
    expect(Buffer.from(await slow.arrayBuffer()).equals(whole)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    await expect(failing('drop')).rejects.toThrow();
    const half = await failing('malformed-json');
    expect(half.status).toBe(200);
    expect(Buffer.from(await half.arrayBuffer()).equals(whole.subarray(0, Math.floor(whole.length / 2)))).toBe(true);
    // Each played on that request only: the address still serves the whole file.
    expect((await client.download(sample)).bytes.equals(whole)).toBe(true);

    const broke = await client.post<{ detail: string }>(DEV, small, { fail: '402' });
    expect(broke.status).toBe(402);
    expect(broke.body.detail).toMatch(/credits/i);
    expect(sandbox.submissions().at(-1)).toMatchObject({ status: 402, taskId: null });
    expect(sandbox.credits(sandbox.demoKey)).toBe(charged);
  });

  it('lifecycle modes on a submit change that task', async () => {
    const { client } = await start();
    const stuck = await submitOk(client, { fail: 'stuck-pending' });
    const lost = await submitOk(client, { fail: 'task-not-found' });
    const failed = await submitOk(client, { fail: 'task-error' });
    const expired = await submitOk(client, { fail: 'expired-result' });
    expect((await client.poll(stuck.polling_url)).status).toBe('Pending');
    expect((await client.poll(lost.polling_url)).status).toBe('Task not found');
    expect((await client.poll(failed.polling_url)).status).toBe('Error');
    const ready = await client.poll(expired.polling_url);
    expect((await client.download(ready.result?.sample ?? '')).status).toBe(403);
  });

  it('lifecycle modes on a poll shape that answer; on a download, expire the address', async () => {
    const { client } = await start();
    const task = await submitOk(client);
    expect((await client.poll(task.polling_url, { fail: 'stuck-pending' })).status).toBe('Pending');
    expect((await client.poll(task.polling_url, { fail: 'task-not-found' })).status).toBe('Task not found');
    const ready = await client.poll(task.polling_url);
    expect(ready.status).toBe('Ready');
    const sample = ready.result?.sample ?? '';
    expect((await fetch(sample, { headers: { 'x-sandbox-fail': 'expired-result' } })).status).toBe(403);
    expect((await client.download(sample)).status).toBe(403);
  });
});

describe('the active-task cap', () => {
  it(`defaults to ${DEFAULT_MAX_ACTIVE_TASKS} per key, answers 429 beyond it, and frees a place when a task ends`, async () => {
    let clock = 1_000_000;
    const { sandbox, client } = await start({ durations: { 'gen-dev': 5000 }, now: () => clock });
    sandbox.addKey('other');
    const tasks: Submitted[] = [];
    for (let i = 0; i < DEFAULT_MAX_ACTIVE_TASKS; i++) tasks.push(await submitOk(client));
    const refused = await client.post<{ detail: string }>(DEV, small);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.body.detail).toMatch(/active/i);
    // The cap is per key.
    await submitOk(client, { key: 'other' });
    clock += 5000;
    expect((await client.poll(tasks[0]!.polling_url)).status).toBe('Ready');
    await submitOk(client);
  });

  it('is configurable', async () => {
    const { client } = await start({ durations: { 'gen-dev': 60_000 }, maxActiveTasksPerKey: 2 });
    await submitOk(client);
    await submitOk(client);
    expect((await client.post(DEV, small)).status).toBe(429);
  });
});
