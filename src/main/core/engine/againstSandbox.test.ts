import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskInfo, TaskState } from '../../../shared/ipc/contract';
import type { FailureMode, FailureRule, FailureStage, SandboxHandle, SandboxOptions } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/index';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { advanceUntil, FakeClock, settle } from '../testing/fakeClock';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import { SANDBOX_LOST_MESSAGE } from './taskEngine';

/**
 * The engine against the real sandbox, with every failure the sandbox can play: each task must end in the
 * state docs/engine.md documents, nothing may be submitted twice, and nothing that reached Ready may be lost.
 */

const KEY = 'sk-sandbox-engine-9Z8Y';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

interface Setup {
  readonly sandbox: SandboxHandle;
  readonly fx: CoreFixture;
  readonly dataDir: string;
  readonly keychain: MemoryKeychain;
  readonly clock?: FakeClock;
}

async function setup(o: { sandbox?: SandboxOptions; clock?: FakeClock; concurrency?: number } = {}): Promise<Setup> {
  const sandbox = await startSandbox({ timing: 'instant', keys: { [KEY]: { credits: 10_000 } }, ...(o.clock ? { now: () => o.clock!.now() } : {}), ...o.sandbox });
  cleanup.push(() => sandbox.close());
  const dir = await tempDir('against-sandbox');
  cleanup.push(dir.remove);
  const keychain = new MemoryKeychain();
  const fx = await connect(dir.path, keychain, sandbox, o.clock);
  await fx.ok('keys.add', {
    label: 'Test key',
    organization: 'Org',
    project: 'Project',
    secret: KEY,
    connection: { create: { label: 'Local sandbox', baseUrl: sandbox.baseUrl, regionalBaseUrl: sandbox.regionalBaseUrl, endpointWord: 'gen' } },
  });
  if (o.concurrency) await fx.ok('settings.update', { concurrencyPerKey: o.concurrency });
  return { sandbox, fx, dataDir: dir.path, keychain, ...(o.clock ? { clock: o.clock } : {}) };
}

async function connect(dataDir: string, keychain: MemoryKeychain, _sandbox: SandboxHandle, clock?: FakeClock): Promise<CoreFixture> {
  const fx = await startCore({ dataDir, secrets: keychain, ...(clock ? { clock } : {}) });
  cleanup.push(() => fx.core.dispose());
  return fx;
}

const FINAL: readonly TaskState[] = ['done', 'failed', 'moderated', 'cancelled', 'outcome-unknown', 'webhook'];

async function waitFor(pred: () => boolean, what: () => string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const submit = (fx: CoreFixture, prompt = 'a lighthouse at dusk') =>
  fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt, width: 256, height: 256, output_format: 'png' }, inputs: {} });

async function runToEnd(s: Setup, count = 1, prompt?: string): Promise<TaskInfo[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await submit(s.fx, prompt)).id);
  const done = () => ids.every((id) => FINAL.includes(s.fx.tasks.get(id)?.state as TaskState));
  const describe = () => ids.map((id) => `${s.fx.tasks.get(id)?.state}:${s.fx.tasks.get(id)?.detail}`).join(' | ');
  if (s.clock) await advanceUntil(s.clock, done, { stepMs: 1000, maxSteps: 5000, describe });
  else await waitFor(done, describe, 30_000);
  return ids.map((id) => s.fx.task(id));
}

/** Every accepted submission belongs to exactly one task; every task accepted once at most. */
function expectNothingSubmittedTwice(s: Setup, tasks: readonly TaskInfo[]): void {
  const accepted = s.sandbox.submissions().filter((x) => x.taskId !== null);
  const remoteIds = accepted.map((x) => x.taskId);
  expect(new Set(remoteIds).size).toBe(remoteIds.length);
  expect(accepted.length).toBeLessThanOrEqual(tasks.length);
  for (const t of tasks) if (t.remoteId) expect(remoteIds.filter((id) => id === t.remoteId)).toHaveLength(1);
}

/** Every task the service made Ready is in the library (unless its address expired, which is reported). */
async function expectNothingReadyLost(s: Setup, tasks: readonly TaskInfo[]): Promise<void> {
  const library = (await s.fx.ok('library.page', { offset: 0, limit: 500 })).items;
  for (const t of tasks) {
    if (t.serviceStatus !== 'Ready' || t.error?.code === 'result-expired') continue;
    expect(t.state, t.id).toBe('done');
    expect(library.some((i) => i.id === t.id)).toBe(true);
  }
}

const rule = (on: FailureStage, failure: FailureMode, times?: number): FailureRule => ({ on, failure, ...(times !== undefined ? { times } : {}) });

interface Case {
  readonly name: string;
  readonly rule: FailureRule;
  readonly state: TaskState;
  readonly error?: string;
  /** submissions the sandbox should have seen, and how many of them it accepted */
  readonly submissions: number;
  readonly accepted: number;
  /** Played on a fake clock: the engine backs off for minutes before it gives up. */
  readonly long?: boolean;
}

const CASES: readonly Case[] = [
  { name: 'submit 429 then accepted', rule: rule('submit', { kind: 'rate-limit', retryAfterSeconds: 1 }, 1), state: 'done', submissions: 2, accepted: 1 },
  { name: 'submit 402', rule: rule('submit', { kind: 'status', status: 402 }), state: 'failed', error: 'no-credits', submissions: 1, accepted: 0 },
  { name: 'submit 500 twice', rule: rule('submit', { kind: 'status', status: 500 }, 2), state: 'done', submissions: 3, accepted: 1 },
  { name: 'submit 502 twice', rule: rule('submit', { kind: 'status', status: 502 }, 2), state: 'done', submissions: 3, accepted: 1 },
  { name: 'submit 503 always', rule: rule('submit', { kind: 'status', status: 503 }), state: 'failed', error: 'server-error', submissions: 5, accepted: 0, long: true },
  { name: 'submit dropped', rule: rule('submit', { kind: 'drop' }, 1), state: 'outcome-unknown', submissions: 1, accepted: 0, long: true },
  { name: 'submit slow', rule: rule('submit', { kind: 'slow', delayMs: 600 }, 1), state: 'done', submissions: 1, accepted: 1 },
  { name: 'submit answer garbled (task made)', rule: rule('submit', { kind: 'malformed-json' }, 1), state: 'outcome-unknown', submissions: 1, accepted: 1, long: true },
  { name: 'poll 429', rule: rule('poll', { kind: 'rate-limit', retryAfterSeconds: 1 }, 1), state: 'done', submissions: 1, accepted: 1 },
  { name: 'poll 500 twice', rule: rule('poll', { kind: 'status', status: 500 }, 2), state: 'done', submissions: 1, accepted: 1 },
  { name: 'poll 502 twice', rule: rule('poll', { kind: 'status', status: 502 }, 2), state: 'done', submissions: 1, accepted: 1 },
  { name: 'poll 503 twice', rule: rule('poll', { kind: 'status', status: 503 }, 2), state: 'done', submissions: 1, accepted: 1 },
  { name: 'poll dropped twice', rule: rule('poll', { kind: 'drop' }, 2), state: 'done', submissions: 1, accepted: 1 },
  { name: 'poll slow', rule: rule('poll', { kind: 'slow', delayMs: 600 }, 1), state: 'done', submissions: 1, accepted: 1 },
  { name: 'poll answer garbled twice', rule: rule('poll', { kind: 'malformed-json' }, 2), state: 'done', submissions: 1, accepted: 1 },
  { name: 'poll 402', rule: rule('poll', { kind: 'status', status: 402 }, 1), state: 'failed', error: 'no-credits', submissions: 1, accepted: 1 },
  { name: 'poll 503 always', rule: rule('poll', { kind: 'status', status: 503 }), state: 'failed', error: 'server-error', submissions: 1, accepted: 1, long: true },
  { name: 'poll dropped always', rule: rule('poll', { kind: 'drop' }), state: 'failed', error: 'network', submissions: 1, accepted: 1, long: true },
  { name: 'result 500 once', rule: rule('result', { kind: 'status', status: 500 }, 1), state: 'done', submissions: 1, accepted: 1 },
  { name: 'result dropped once', rule: rule('result', { kind: 'drop' }, 1), state: 'done', submissions: 1, accepted: 1 },
  { name: 'result slow', rule: rule('result', { kind: 'slow', delayMs: 600 }, 1), state: 'done', submissions: 1, accepted: 1 },
  { name: 'result cut in half once', rule: rule('result', { kind: 'malformed-json' }, 1), state: 'done', submissions: 1, accepted: 1 },
  { name: 'result address expired', rule: rule('any', { kind: 'expired-result' }, 1), state: 'failed', error: 'result-expired', submissions: 1, accepted: 1 },
  { name: 'task not found', rule: rule('any', { kind: 'task-not-found' }, 1), state: 'failed', error: 'not-found', submissions: 1, accepted: 1 },
  { name: 'task ends in Error', rule: rule('any', { kind: 'task-error' }, 1), state: 'failed', error: 'service-error', submissions: 1, accepted: 1 },
];

describe('the engine against the sandbox, failure by failure', () => {
  for (const c of CASES) {
    it(`${c.name} → ${c.state}${c.error ? ` (${c.error})` : ''}`, async () => {
      const s = await setup({ sandbox: { failures: [c.rule] }, ...(c.long ? { clock: new FakeClock(Date.now()) } : {}) });
      const [task] = await runToEnd(s);
      expect(task!.state, task!.detail ?? '').toBe(c.state);
      if (c.error) expect(task!.error?.code).toBe(c.error);
      const subs = s.sandbox.submissions();
      expect(subs).toHaveLength(c.submissions);
      expect(subs.filter((x) => x.taskId !== null)).toHaveLength(c.accepted);
      expectNothingSubmittedTwice(s, [task!]);
      await expectNothingReadyLost(s, [task!]);
      if (c.state === 'outcome-unknown') {
        // Never sent again by itself, however long it waits (an hour on the fake clock).
        for (let minute = 0; minute < 60; minute++) {
          s.clock!.advance(60_000);
          await settle(minute % 10 === 0 ? 2 : 0);
        }
        expect(s.sandbox.submissions()).toHaveLength(c.submissions);
      }
    });
  }

  it('a task stuck in Pending is given up at the time limit, with a Retry that would check again rather than send again', async () => {
    const s = await setup({ clock: new FakeClock(Date.now()), sandbox: { failures: [rule('any', { kind: 'stuck-pending' }, 1)] } });
    const [task] = await runToEnd(s);
    expect(task).toMatchObject({ state: 'failed', error: { code: 'timed-out' }, serviceStatus: 'Pending', canRetry: true, retryWarning: null });
    expect(task!.error!.message).toMatch(/Retry checks on it again \(it is not sent again\)/);
    expect(s.sandbox.submissions()).toHaveLength(1);
  });

  it('moderation ends the task with its reasons, at submission or on the output', async () => {
    const s = await setup();
    const [request] = await runToEnd(s, 1, 'a gore scene');
    const [content] = await runToEnd(s, 1, 'a bloody sunset');
    expect(request).toMatchObject({ state: 'moderated', serviceStatus: 'Request Moderated', moderationReasons: ['Violence'] });
    expect(content).toMatchObject({ state: 'moderated', serviceStatus: 'Content Moderated', moderationReasons: ['Violence'] });
    expect((await s.fx.ok('spending.summary', {})).totals.day).toBe(0);
  });

  it('more tasks than the service’s active limit: 429s wait for earlier tasks, all finish, none twice', async () => {
    const s = await setup({ sandbox: { maxActiveTasksPerKey: 3, durations: { 'gen-dev': 400 } }, concurrency: 6 });
    const tasks = await runToEnd(s, 12);
    expect(tasks.map((t) => t.state)).toEqual(Array(12).fill('done'));
    expect(s.sandbox.submissions().some((x) => x.status === 429)).toBe(true);
    expectNothingSubmittedTwice(s, tasks);
    await expectNothingReadyLost(s, tasks);
    expect((await s.fx.ok('library.page', { offset: 0, limit: 500 })).items).toHaveLength(12);
  });

  it('charges what the sandbox charges and shows the balance it reports', async () => {
    const s = await setup();
    const before = s.sandbox.credits(KEY)!;
    const [task] = await runToEnd(s);
    const summary = await s.fx.ok('spending.summary', {});
    expect(summary.totals.day).toBe(task!.cost);
    expect(summary.credits).toBeCloseTo(before - task!.cost!, 2);
  });
});

describe('a download that fails every time', () => {
  it('ends in a clear failed state, claims no result, and a Retry fetches it once storage answers', async () => {
    const s = await setup({ clock: new FakeClock(Date.now()), sandbox: { failures: [rule('result', { kind: 'status', status: 500 })] } });
    const [task] = await runToEnd(s);
    expect(task).toMatchObject({ state: 'failed', serviceStatus: 'Ready', resultId: null, canRetry: true, retryWarning: null });
    expect(task!.error).toMatchObject({ code: 'network', message: expect.stringMatching(/result could not be downloaded: the storage had a problem\..*Gave up after 5 tries/) });
    expect((await s.fx.ok('library.page', { offset: 0, limit: 500 })).items).toEqual([]);
    // Not lost: the service still holds it, and Retry downloads it without sending the task again.
    s.sandbox.clearFailures();
    await s.fx.ok('tasks.retry', { id: task!.id });
    await advanceUntil(s.clock!, () => s.fx.tasks.get(task!.id)?.state === 'done', { stepMs: 200 });
    expect((await s.fx.ok('library.page', { offset: 0, limit: 500 })).items).toMatchObject([{ id: task!.id }]);
    expect(s.sandbox.submissions()).toHaveLength(1);
  });
});

describe('restarts', () => {
  it('stopping the core mid-polling: a new core on the same data directory resumes every task, and each finishes once', async () => {
    const s = await setup({ sandbox: { durations: { 'gen-dev': 2500 } } });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await submit(s.fx, `restart ${i}`)).id);
    await waitFor(() => ids.every((id) => s.fx.tasks.get(id)?.state === 'running'), () => ids.map((id) => s.fx.tasks.get(id)?.state).join());
    await s.fx.core.dispose();

    const next = await connect(s.dataDir, s.keychain, s.sandbox);
    const listed = await next.ok('tasks.list');
    expect(listed.map((t) => t.state)).toEqual(Array(4).fill('running'));
    await waitFor(() => ids.every((id) => next.tasks.get(id)?.state === 'done'), () => ids.map((id) => next.tasks.get(id)?.state).join());
    const tasks = ids.map((id) => next.task(id));
    expectNothingSubmittedTwice({ ...s, fx: next }, tasks);
    expect(s.sandbox.submissions()).toHaveLength(4);
    expect((await next.ok('library.page', { offset: 0, limit: 500 })).items).toHaveLength(4);
  });
});

describe('the built-in Sandbox connection', () => {
  /** Starts a core on the built-in Sandbox, with tasks that stay Pending for a minute, and leaves them running. */
  async function sandboxTasksRunning(dataDir: string, count: number): Promise<{ fx: CoreFixture; ids: string[]; baseUrl: string }> {
    const fx = await startCore({ dataDir, secrets: new MemoryKeychain(), deps: { sandboxOptions: { timing: 'instant', durations: { 'gen-dev': 60_000 } } } });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: `held ${i}`, width: 256, height: 256 }, inputs: {} })).id);
    await waitFor(() => ids.every((id) => fx.tasks.get(id)?.state === 'running'), () => ids.map((id) => fx.tasks.get(id)?.state).join());
    return { fx, ids, baseUrl: (await fx.ok('connections.active')).baseUrl! };
  }

  const offlineEvents = (fx: CoreFixture) => fx.events.filter((e) => e.channel.endsWith('statusChanged') && (e.payload as { state: string }).state === 'offline');

  async function restartedEndsEveryTask(dataDir: string, ids: readonly string[]): Promise<CoreFixture> {
    const next = await startCore({ dataDir, secrets: new MemoryKeychain(), deps: { sandboxOptions: { timing: 'instant' } } });
    cleanup.push(() => next.core.dispose());
    await waitFor(() => ids.every((id) => FINAL.includes(next.tasks.get(id)?.state as TaskState)), () => ids.map((id) => `${next.tasks.get(id)?.state}:${next.tasks.get(id)?.detail}`).join(' | '));
    for (const id of ids) expect(next.task(id)).toMatchObject({ state: 'failed', error: { code: 'not-found', message: SANDBOX_LOST_MESSAGE } });
    // New Sandbox tasks go straight out: the connection never went offline.
    const fresh = await next.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'after the restart', width: 256, height: 256 }, inputs: {} });
    expect(fresh.state).not.toBe('ready-to-send');
    await waitFor(() => next.tasks.get(fresh.id)?.state === 'done', () => String(next.tasks.get(fresh.id)?.detail));
    expect(offlineEvents(next)).toEqual([]);
    expect(await next.ok('connections.status')).toMatchObject({ state: 'online' });
    return next;
  }

  it('keeps its ports across a restart; the tasks it held in memory end with a clear message and the connection stays online', async () => {
    const dir = await tempDir('builtin-restart');
    cleanup.push(dir.remove);
    const first = await sandboxTasksRunning(dir.path, 3);
    await first.fx.core.dispose();

    const next = await restartedEndsEveryTask(dir.path, first.ids);
    expect((await next.ok('connections.active')).baseUrl).toBe(first.baseUrl);
  });

  it('on new ports (the old one taken), the tasks of the old Sandbox end at once with a clear message and the connection stays online', async () => {
    const dir = await tempDir('builtin-moved');
    cleanup.push(dir.remove);
    const first = await sandboxTasksRunning(dir.path, 3);
    await first.fx.core.dispose();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(new URL(first.baseUrl).port), '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

    const next = await restartedEndsEveryTask(dir.path, first.ids);
    expect((await next.ok('connections.active')).baseUrl).not.toBe(first.baseUrl);
  });

  it('is the default until a key is added, runs tasks end to end, and never puts its demo key in the keychain', async () => {
    const dir = await tempDir('builtin');
    cleanup.push(dir.remove);
    const keychain = new MemoryKeychain();
    const fx = await startCore({ dataDir: dir.path, secrets: keychain, deps: { sandboxOptions: { timing: 'instant' } } });
    cleanup.push(() => fx.core.dispose());
    expect(await fx.ok('connections.active')).toMatchObject({ id: 'sandbox', kind: 'sandbox' });
    const task = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'sandbox', width: 256, height: 256 }, inputs: {} });
    await waitFor(() => fx.tasks.get(task.id)?.state === 'done', () => String(fx.tasks.get(task.id)?.detail));
    expect(fx.task(task.id)).toMatchObject({ connectionLabel: 'Sandbox', keyLabel: null });
    expect((await fx.ok('connections.active')).baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await keychain.findCredentials('Gen Studio')).toEqual([]);
    expect((await fx.ok('spending.summary', {})).creditsNote).toMatch(/Simulated/);
  });
});
