import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskState } from '../../../shared/ipc/contract';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { advanceUntil, FakeClock, settle } from '../testing/fakeClock';
import { BASE, FakeService, json, netError, pending, ready } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import type { SettleQuestion } from '../spending/settleConfirm';

/**
 * Tasks whose outcome is unknown (cut off mid-send, or a crash while sending) count against every cap until
 * the user settles them, so a cap is passed by at most one task.
 */

let dir: Awaited<ReturnType<typeof tempDir>>;
let service: FakeService;
let clock: FakeClock;
let keychain: MemoryKeychain;
let fx: CoreFixture;
/** what main's own dialog was asked before a settlement that counts lower, and what it answers */
let settleAsked: SettleQuestion[];
let settleAnswer: boolean;
const cores: CoreFixture[] = [];

beforeEach(async () => {
  dir = await tempDir('unsettled');
  clock = new FakeClock();
  service = new FakeService(() => clock.now());
  keychain = new MemoryKeychain();
  settleAsked = [];
  settleAnswer = true;
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.core.dispose();
  await dir.remove();
});

async function boot(): Promise<CoreFixture> {
  fx = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: keychain, deps: { confirmSettle: async (q) => (settleAsked.push(q), settleAnswer) } });
  cores.push(fx);
  return fx;
}

async function withKey(): Promise<string> {
  await boot();
  const key = await fx.ok('keys.add', {
    label: 'Studio',
    organization: '',
    project: '',
    secret: 'sk-unsettled-test-key-9X1Z',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  return key.id;
}

const submitDev = () => fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk' }, inputs: {} });
/** A model the public price list does not name: nothing prices it before the service has charged one. */
const submitUnlisted = () => fx.call('tasks.submit', { endpointId: 'gen-3-image', params: { prompt: 'a lighthouse at dusk' }, inputs: {} });
const until = (pred: () => boolean, describe?: () => string) => advanceUntil(clock, pred, { describe, stepMs: 100 });
const state = (id: string): TaskState | undefined => fx.tasks.get(id)?.state;
const idle = () => [...fx.tasks.values()].every((t) => !['queued', 'submitting', 'running', 'downloading', 'waiting'].includes(t.state));

/** The service takes (and charges 2 for) every request it receives; from `cutFrom` on, the answer never arrives. */
function chargingService(cutFrom: number): () => number {
  let charged = 0;
  service.submit = (n) => {
    charged += 2;
    return n >= cutFrom ? netError('ECONNRESET') : json(200, { id: `task-${n}`, polling_url: `${BASE}/v1/get_result?id=task-${n}`, cost: 2 });
  };
  return () => charged;
}

describe('caps and tasks whose outcome is unknown', () => {
  it('counts a task cut off mid-send against the cap until the user says whether it was charged', async () => {
    const keyId = await withKey();
    const charged = chargingService(2);
    await fx.ok('spending.setCaps', { keyId, caps: { day: 5, week: null, month: null } });

    // Send until Gen Studio refuses: every request the service receives is charged.
    let refused: string | undefined;
    for (let i = 0; i < 6 && refused === undefined; i++) {
      const r = await submitDev();
      if (!r.ok) refused = r.error.message;
      await until(idle, () => JSON.stringify([...fx.tasks.values()].map((t) => t.state)));
    }
    // One priced task (2) and one cut off (held at 2): a third (2 more) would cross 5.
    expect(service.submits()).toHaveLength(2);
    expect(charged()).toBeLessThanOrEqual(5 + 2);
    expect(refused).toMatch(/daily cap of 5.*Spent 2 today.*A task whose outcome is unknown is counted as spent until you say whether it was charged/);

    const summary = await fx.ok('spending.summary', {});
    expect(summary.totals.day).toBe(2);
    expect(summary.unsettled).toEqual([expect.objectContaining({ endpointTitle: expect.any(String), estimate: 2 })]);

    // "It was not charged": the hold goes, and there is room for one more.
    const after = await fx.ok('spending.settle', { id: summary.unsettled[0]!.id, charged: false });
    expect(after).toMatchObject({ totals: { day: 2 }, unsettled: [] });
    service.submit = (n) => json(200, { id: `task-${n}`, polling_url: `${BASE}/v1/get_result?id=task-${n}`, cost: 2 });
    expect((await submitDev()).ok).toBe(true);
    await until(idle);
    expect((await fx.ok('spending.summary', {})).totals.day).toBe(4);
    // Settled once: a second answer is refused.
    expect(await fx.call('spending.settle', { id: summary.unsettled[0]!.id, charged: true })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('“it was not charged” is main’s word, asked in its own dialog: a renderer cannot settle held tasks as free and spend past a cap', async () => {
    // Issue 30, point 5: daily cap 3, six submits cut off mid-send, six "not charged" from the renderer, 12 charged.
    const keyId = await withKey();
    const charged = chargingService(0);
    await fx.ok('spending.setCaps', { keyId, caps: { day: 3, week: null, month: null } });
    settleAnswer = false;
    for (let i = 0; i < 6; i++) {
      await submitDev();
      await until(idle);
      const [held] = (await fx.ok('spending.summary', {})).unsettled;
      expect(await fx.call('spending.settle', { id: held!.id, charged: false })).toMatchObject({ ok: false, error: { code: 'conflict' } });
      // Charged, but at less than it is held at, lowers the count as much: asked too.
      expect(await fx.call('spending.settle', { id: held!.id, charged: true, cost: 0 })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    }
    expect(service.submits()).toHaveLength(1);
    expect(charged()).toBe(2);
    expect(settleAsked).toHaveLength(12);
    expect(settleAsked[0]).toMatchObject({ keyLabel: 'Studio', heldAt: 2.5, settledAt: 0 });

    // Confirmed in main's dialog, it settles; charged at its estimate or more is never asked.
    settleAnswer = true;
    const [held] = (await fx.ok('spending.summary', {})).unsettled;
    expect(await fx.ok('spending.settle', { id: held!.id, charged: false })).toMatchObject({ totals: { day: 0 }, unsettled: [] });
    expect(settleAsked).toHaveLength(13);
    await submitDev();
    await until(idle);
    const [next] = (await fx.ok('spending.summary', {})).unsettled;
    expect(await fx.ok('spending.settle', { id: next!.id, charged: true, cost: 2.5 })).toMatchObject({ totals: { day: 2.5 }, unsettled: [] });
    expect(settleAsked).toHaveLength(13);
  });

  it('a burst of submissions, every one after the first cut off mid-send, passes a cap by at most one task', async () => {
    const keyId = await withKey();
    const charged = chargingService(2);
    // A price known first (2), then a daily cap of 5 and six submissions at once, none waiting for another.
    const priced = await submitDev();
    await until(() => priced.ok && state(priced.value.id) === 'done');
    await fx.ok('spending.setCaps', { keyId, caps: { day: 5, week: null, month: null } });
    const results = await Promise.all(Array.from({ length: 6 }, () => submitDev()));
    await until(idle, () => JSON.stringify([...fx.tasks.values()].map((t) => t.state)));
    // The service charged the priced task and every request it received; the cap may be passed by one task only.
    expect(charged()).toBeLessThanOrEqual(5 + 2);
    expect(service.submits().length).toBe(2);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const summary = await fx.ok('spending.summary', {});
    expect(summary.totals.day).toBe(2);
    expect(summary.unsettled).toHaveLength(1);
    // With the cut-off task held, nothing more goes out however many are asked for.
    for (let i = 0; i < 3; i++) expect(await submitDev()).toMatchObject({ ok: false, error: { code: 'spending-cap' } });
    await until(idle);
    expect(service.submits().length).toBe(2);
  });

  it('with no price known, a burst whose first task is cut off mid-send sends nothing more', async () => {
    const keyId = await withKey();
    const charged = chargingService(1);
    await fx.ok('spending.setCaps', { keyId, caps: { day: 5, week: null, month: null } });
    const results = await Promise.all(Array.from({ length: 6 }, () => submitUnlisted()));
    await until(idle, () => JSON.stringify([...fx.tasks.values()].map((t) => t.state)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(service.submits()).toHaveLength(1);
    expect(charged()).toBe(2);
  });

  it('“it was charged” moves the hold into what was spent, and it survives a restart', async () => {
    const keyId = await withKey();
    chargingService(2);
    await fx.ok('spending.setCaps', { keyId, caps: { day: 100, week: null, month: null } });
    for (let i = 0; i < 2; i++) {
      await submitDev();
      await until(idle);
    }
    const [unsettled] = (await fx.ok('spending.summary', {})).unsettled;
    await fx.core.dispose();
    cores.splice(0);
    await boot();
    expect((await fx.ok('spending.summary', {})).unsettled).toEqual([unsettled]);
    expect(await fx.ok('spending.settle', { id: unsettled!.id, charged: true })).toMatchObject({ totals: { day: 4 }, unsettled: [] });
  });

  it('with no price known, a task cut off mid-send holds every further one back until it is settled', async () => {
    const keyId = await withKey();
    const charged = chargingService(1);
    await fx.ok('spending.setCaps', { keyId, caps: { day: 5, week: null, month: null } });
    const first = await submitUnlisted();
    expect(first.ok).toBe(true);
    await until(idle);
    const second = await submitUnlisted();
    expect(second).toMatchObject({ ok: false, error: { code: 'spending-cap', message: expect.stringMatching(/outcome is unknown has no price yet/) } });
    expect(charged()).toBe(2);

    const [held] = (await fx.ok('spending.summary', {})).unsettled;
    expect(held).toMatchObject({ estimate: null });
    // Charged, but nothing says how much: the user is asked for the amount.
    expect(await fx.call('spending.settle', { id: held!.id, charged: true })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await fx.ok('spending.settle', { id: held!.id, charged: true, cost: 2 })).toMatchObject({ totals: { day: 2 }, unsettled: [] });
  });

  it('a task left outcome-unknown by a crash mid-send is held at start-up, and Retry that resends it keeps the hold', async () => {
    const keyId = await withKey();
    await fx.ok('spending.setCaps', { keyId, caps: { day: 100, week: null, month: null } });
    const priced = await submitDev();
    await until(() => priced.ok && state(priced.value.id) === 'done');
    service.submit = () => ({ kind: 'hang' });
    const t = await submitDev();
    await until(() => service.submits().length === 2);
    await settle(20);
    const stopping = fx.core.dispose();
    cores.splice(0);
    clock.advance(5000);
    await stopping;

    service.submit = (n) => json(200, { id: `task-${n}`, polling_url: `${BASE}/v1/get_result?id=task-${n}`, cost: 2 });
    await boot();
    const id = t.ok ? t.value.id : '';
    expect(fx.task(id).state).toBe('outcome-unknown');
    expect((await fx.ok('spending.summary', {})).unsettled).toEqual([expect.objectContaining({ id, estimate: 2 })]);
    await fx.ok('tasks.retry', { id, acceptDoubleCharge: true });
    await until(() => state(id) === 'done');
    // The resent task is charged; the earlier attempt stays held until the user settles it.
    const summary = await fx.ok('spending.summary', {});
    expect(summary.totals.day).toBe(4);
    expect(summary.unsettled).toEqual([expect.objectContaining({ id: expect.stringMatching(new RegExp(`^${id}@`)), estimate: 2 })]);
  });

  it('takes the settled cost from the service when a later poll answers about a task whose outcome was unknown', async () => {
    await withKey();
    service.submit = () => json(200, { id: 'v1', polling_url: `${BASE}/v1/get_result?id=v1`, cost: null });
    service.poll = (id) => pending(id);
    const t = await submitUnlisted();
    const id = t.ok ? t.value.id : '';
    await until(() => state(id) === 'running');
    await fx.core.dispose();
    cores.splice(0);
    // On disk as a version that could not follow the task left it: the service's answer stored, outcome unknown.
    const file = join(dir.path, 'tasks', `${id}.json`);
    const record = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...record, state: 'outcome-unknown', error: { code: 'internal', message: 'x' } }));

    await boot();
    expect((await fx.ok('spending.summary', {})).unsettled).toEqual([expect.objectContaining({ id, estimate: null })]);
    // Retry asks the service about it (it had answered): nothing is sent again, and no double-charge warning.
    expect((await fx.ok('tasks.list')).find((x) => x.id === id)).toMatchObject({ state: 'outcome-unknown', canRetry: true, retryWarning: null });
    service.poll = (pid) => ready(pid, { cost: 3.5 });
    await fx.ok('tasks.retry', { id });
    await until(() => state(id) === 'done');
    expect(service.submits()).toHaveLength(1);
    expect(await fx.ok('spending.summary', {})).toMatchObject({ totals: { day: 3.5 }, unsettled: [] });
  });
});
