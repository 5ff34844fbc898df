import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queuePositions } from '../../../shared/tasks/queueOrder';
import type { TaskInfo, TaskState } from '../../../shared/ipc/contract';
import { AssetStore } from '../assets/assetStore';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { advanceUntil, FakeClock, settle } from '../testing/fakeClock';
import { BASE, FakeService, json, netError, pending, POLL_BASE, ready, sampleJpeg, STORAGE } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import { CONNECT_BACKOFF, IMAGE_CADENCE, LONG_CADENCE } from './policy';
import { CREDITS_CACHE_MS } from '../spending/spendingService';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { CANCEL_WARNING, CHARGED_AGAIN_WARNING, DOUBLE_CHARGE_WARNING } from './taskView';

const KEY = 'sk-engine-test-key-7Q2W';

let dir: Awaited<ReturnType<typeof tempDir>>;
let service: FakeService;
let clock: FakeClock;
let keychain: MemoryKeychain;
let fx: CoreFixture;
const cores: CoreFixture[] = [];

beforeEach(async () => {
  dir = await tempDir('engine');
  clock = new FakeClock();
  service = new FakeService(() => clock.now());
  keychain = new MemoryKeychain();
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.core.dispose();
  await dir.remove();
});

async function boot(): Promise<CoreFixture> {
  const f = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: keychain });
  cores.push(f);
  return f;
}

async function withKey(): Promise<CoreFixture> {
  fx = await boot();
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: 'Acme',
    project: 'Posters',
    secret: KEY,
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  return fx;
}

const submitDev = (params: Record<string, unknown> = {}) => fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk', ...params } as never, inputs: {} });

const until = (pred: () => boolean, describe?: () => string, stepMs = 100) => advanceUntil(clock, pred, { describe, stepMs });
const state = (id: string): TaskState | undefined => fx.tasks.get(id)?.state;
const reach = (id: string, s: TaskState) => until(() => state(id) === s, () => JSON.stringify(fx.tasks.get(id)));

describe('the task engine, against a scripted service', () => {
  it('writes the record before sending, polls the address as given, downloads without the key, and files the result', async () => {
    await withKey();
    let recordAtSubmit: unknown;
    const original = service.submit;
    service.submit = async (n, body) => {
      const id = [...fx.tasks.keys()][0]!;
      recordAtSubmit = JSON.parse(await readFile(join(dir.path, 'tasks', `${id}.json`), 'utf8'));
      return original(n, body);
    };
    let polls = 0;
    service.poll = (id) => (++polls < 3 ? pending(id, polls * 0.3) : ready(id));

    const task = await submitDev({ width: 512, height: 512, seed: 5 });
    expect(['queued', 'submitting']).toContain(task.state);
    await reach(task.id, 'done');

    expect(recordAtSubmit).toMatchObject({ state: 'submitting', request: { endpointId: 'gen-dev' } });
    const [submit] = service.submits();
    expect(submit).toMatchObject({ url: `${BASE}/v1/gen-dev`, key: KEY, body: { prompt: 'a lighthouse at dusk', width: 512, height: 512, seed: 5 } });
    // Polled exactly as given (its own host and query), with the key; the id was already there.
    expect(service.polls().map((p) => p.url)).toEqual(Array(3).fill(`${POLL_BASE}/v1/get_result?id=task-1&region=eu`));
    expect(service.polls().every((p) => p.key === KEY)).toBe(true);
    // The signed result address never sees the key.
    expect(service.downloads()).toEqual([expect.objectContaining({ url: `${STORAGE}/task-1/sample.jpg?sig=abc`, key: null })]);

    const done = fx.task(task.id);
    expect(done).toMatchObject({ state: 'done', remoteId: 'task-1', cost: 2, outputMp: 0.79, progress: 1, canRetry: false });
    const items = (await fx.ok('library.page', { offset: 0, limit: 500 })).items;
    expect(done.resultId).toBe(task.id);
    expect(items).toMatchObject([{ id: done.resultId, remoteTaskId: 'task-1', seed: 42, cost: 2, connectionLabel: 'Service', params: { prompt: 'a lighthouse at dusk' } }]);
    expect(await fx.ok('spending.summary', {})).toMatchObject({ keyLabel: 'Studio', totals: { day: 2, week: 2, month: 2 } });
    // Progress was shown while it ran.
    const progress = fx.events.filter((e) => e.channel.endsWith('tasks.updated')).map((e) => (e.payload as TaskInfo).progress);
    expect(progress).toContain(0.3);
  });

  it('adds the id to a polling address only when it is missing', async () => {
    await withKey();
    service.submit = () => json(200, { id: 'abc', polling_url: `${POLL_BASE}/v1/get_result`, cost: 1 });
    const t = await submitDev();
    await reach(t.id, 'done');
    expect(service.polls()[0]!.url).toBe(`${POLL_BASE}/v1/get_result?id=abc`);
  });

  it('never has more tasks of a key open at the service than it takes (24), however the preferences file says more', async () => {
    await withKey();
    await fx.core.dispose();
    cores.splice(0);
    const settingsFile = join(dir.path, 'settings.json');
    const stored = JSON.parse(await readFile(settingsFile, 'utf8')) as { preferences: Record<string, unknown> };
    await writeFile(settingsFile, JSON.stringify({ ...stored, preferences: { ...stored.preferences, concurrencyPerKey: 64 } }));
    fx = await boot();
    service.poll = (id) => pending(id);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await submitDev()).id);
    await until(() => ids.filter((id) => state(id) === 'running').length === 24);
    clock.advance(60_000);
    await settle(20);
    expect(service.submits()).toHaveLength(24);
    expect(ids.filter((id) => state(id) === 'queued')).toHaveLength(6);
    // One ends: exactly one queued task takes its place.
    await fx.ok('tasks.cancel', { id: ids[0]! });
    await until(() => service.submits().length === 25);
    await settle(20);
    expect(ids.filter((id) => state(id) === 'queued')).toHaveLength(5);
  });

  it('uses one scheduler timer for many polling tasks', async () => {
    await withKey();
    await fx.ok('settings.update', { concurrencyPerKey: 24 });
    service.poll = (id) => pending(id);
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push((await submitDev()).id);
    await until(() => ids.every((id) => state(id) === 'running') && service.polls().length >= 60);
    await settle(20);
    // Between polls: no request in flight, so the only timer armed is the scheduler's.
    expect(clock.pending()).toBe(1);
  });

  it('maps a 422 back to the field and never retries it', async () => {
    await withKey();
    service.submit = () => json(422, { detail: [{ loc: ['body', 'prompt'], msg: 'String should have at most 10 characters', type: 'string_too_long' }] });
    const t = await submitDev();
    await reach(t.id, 'failed');
    clock.advance(600_000);
    await settle(5);
    expect(service.submits()).toHaveLength(1);
    expect(fx.task(t.id).error).toMatchObject({ code: 'validation', issues: [{ loc: ['body', 'prompt'], msg: 'String should have at most 10 characters' }] });
    expect(fx.task(t.id).retryWarning).toBeNull();
  });

  it('never retries 400, 401, 402 or 403 by itself', async () => {
    await withKey();
    const cases: Array<[number, string]> = [[400, 'bad-request'], [401, 'key-rejected'], [402, 'no-credits'], [403, 'key-rejected']];
    for (const [status, code] of cases) {
      const before = service.submits().length;
      service.submit = () => json(status, { detail: `status ${status}` });
      const t = await submitDev();
      await reach(t.id, 'failed');
      clock.advance(600_000);
      await settle(5);
      expect(service.submits().length - before, String(status)).toBe(1);
      expect(fx.task(t.id).error?.code).toBe(code);
    }
  });

  it('says a refusal in the service’s words without its HTTP status, and that it said nothing when it said nothing', async () => {
    await withKey();
    service.submit = () => json(422, { detail: 'The prompt is not allowed' });
    const refused = await submitDev();
    await reach(refused.id, 'failed');
    expect(fx.task(refused.id).error?.message).toBe('The service refused the request (The prompt is not allowed).');
    service.submit = () => ({ kind: 'text', status: 402, text: '' });
    const broke = await submitDev();
    await reach(broke.id, 'failed');
    expect(fx.task(broke.id).error?.message).toBe('Not enough credits (no details given). Top up, then Retry.');
  });

  it('waits for Retry-After on 429, then sends again', async () => {
    await withKey();
    service.submit = (n) => (n === 1 ? json(429, { detail: 'Too many active tasks' }, { 'retry-after': '7' }) : json(200, { id: 'late', polling_url: `${BASE}/v1/get_result?id=late`, cost: 1 }));
    const t = await submitDev();
    await reach(t.id, 'waiting');
    const waitedFrom = clock.now();
    expect(fx.task(t.id).detail).toMatch(/too many active tasks/);
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(2);
    expect(clock.now() - waitedFrom).toBeGreaterThanOrEqual(7000);
  });

  it('retries 5xx with backoff, then fails with a Retry that sends again', async () => {
    await withKey();
    service.submit = () => json(503, { detail: 'Service temporarily unavailable' });
    const t = await submitDev();
    await reach(t.id, 'failed');
    expect(service.submits()).toHaveLength(5);
    // Capped exponential backoff with full jitter (the fixture's random is 0.5): the waits the engine set are half
    // of 1, 2, 4 and 8 s, and no try went out before its time.
    const waits = fx.events
      .filter((e) => e.channel.endsWith('tasks.updated'))
      .map((e) => e.payload as TaskInfo)
      .filter((info) => info.id === t.id && info.state === 'waiting' && info.nextAttemptAt !== null);
    expect(waits.map((w) => w.nextAttemptAt! - w.updatedAt)).toEqual([500, 1000, 2000, 4000]);
    const at = service.submits().map((s) => s.at);
    waits.forEach((w, i) => expect(at[i + 1], `try ${i + 2}`).toBeGreaterThanOrEqual(w.nextAttemptAt!));
    expect(fx.task(t.id)).toMatchObject({ error: { code: 'server-error' }, canRetry: true, retryWarning: null });
    service.submit = () => json(200, { id: 'ok', polling_url: `${BASE}/v1/get_result?id=ok`, cost: 1 });
    await fx.ok('tasks.retry', { id: t.id });
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(6);
  });

  it('leaves a request lost on the way as “outcome unknown”: never re-sent by itself, retried only when the user accepts a double charge', async () => {
    await withKey();
    service.submit = () => netError('ECONNRESET');
    const t = await submitDev();
    await reach(t.id, 'outcome-unknown');
    clock.advance(3_600_000);
    await settle(5);
    expect(service.submits()).toHaveLength(1);
    expect(fx.task(t.id)).toMatchObject({ canRetry: true, retryWarning: DOUBLE_CHARGE_WARNING });
    const refused = await fx.call('tasks.retry', { id: t.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', message: DOUBLE_CHARGE_WARNING } });
    // The refusal is the question's words: the window says it in the artist's language, as it says the warning.
    if (refused.ok) throw new Error('not refused');
    const german = createText('de', await loadMessages('de'));
    expect(say(german, refused.error.words, refused.error.message)).not.toBe(DOUBLE_CHARGE_WARNING);
    expect(say(german, refused.error.words, refused.error.message)).toBe(say(german, fx.task(t.id).retryWarningWords, ''));
    service.submit = () => json(200, { id: 'second', polling_url: `${BASE}/v1/get_result?id=second`, cost: 1 });
    await fx.ok('tasks.retry', { id: t.id, acceptDoubleCharge: true });
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(2);
  });

  it('keeps tasks prepared offline as “ready to send” and sends them when the service answers again', async () => {
    await withKey();
    service.submit = () => netError('ECONNREFUSED');
    service.probe = () => netError('ECONNREFUSED');
    const t = await submitDev();
    await reach(t.id, 'ready-to-send');
    expect(await fx.ok('connections.status')).toMatchObject({ state: 'offline' });
    // Prepared while offline: it waits at once, without trying.
    const second = await submitDev();
    expect(second.state).toBe('ready-to-send');
    // Refused connections are tried again by themselves (nothing was sent) before the service counts as away.
    expect(service.submits()).toHaveLength(CONNECT_BACKOFF.attempts);

    service.submit = (n) => json(200, { id: `back-${n}`, polling_url: `${BASE}/v1/get_result?id=back-${n}`, cost: 1 });
    service.probe = () => json(404, { detail: 'Not Found' });
    await until(() => state(t.id) === 'done' && state(second.id) === 'done');
    expect(await fx.ok('connections.status')).toMatchObject({ state: 'online' });
    expect(service.submits()).toHaveLength(CONNECT_BACKOFF.attempts + 2);
  });

  it('sends a task whose connection was refused again by itself, even with “send on request”; a reset after sending is never resent', async () => {
    await withKey();
    await fx.ok('settings.update', { sendWhenOnline: 'on-request' });
    // A busy service: the first two connections are refused (nothing sent), the next takes the task.
    service.submit = (n) => (n <= 2 ? netError('ECONNREFUSED') : json(200, { id: `t-${n}`, polling_url: `${BASE}/v1/get_result?id=t-${n}`, cost: 1 }));
    const t = await submitDev();
    await until(() => state(t.id) === 'waiting');
    expect(fx.task(t.id).detail).toMatch(/did not take the connection.*nothing was sent.*Trying again/);
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(3);
    expect((await fx.ok('spending.summary', {})).unsettled).toEqual([]);

    // A reset once the request may have gone out is not the same: it may have been taken, so never sent again.
    service.submit = () => netError('ECONNRESET');
    const u = await submitDev();
    await reach(u.id, 'outcome-unknown');
    clock.advance(600_000);
    await settle(5);
    expect(service.submits()).toHaveLength(4);
  });

  it('with “send on request”, waits for the user after the connection returns', async () => {
    await withKey();
    await fx.ok('settings.update', { sendWhenOnline: 'on-request' });
    service.submit = () => netError('ENOTFOUND');
    service.probe = () => netError('ENOTFOUND');
    const t = await submitDev();
    await reach(t.id, 'ready-to-send');
    expect(fx.task(t.id).detail).toMatch(/Send it when/);
    service.probe = () => json(200, {});
    service.submit = () => json(200, { id: 'x', polling_url: `${BASE}/v1/get_result?id=x`, cost: 1 });
    await until(() => fx.events.some((e) => e.channel.endsWith('statusChanged') && (e.payload as { state: string }).state === 'online'));
    clock.advance(60_000);
    await settle(5);
    expect(state(t.id)).toBe('ready-to-send');
    expect(await fx.ok('tasks.send', {})).toEqual({ sent: 1 });
    await reach(t.id, 'done');
  });

  it('retries polls after server errors and lost answers, and a Retry after giving up checks again without sending again', async () => {
    await withKey();
    service.poll = (id, n) => (n === 1 ? json(500, { detail: 'oops' }) : n === 2 ? netError('ECONNRESET') : ready(id));
    const t = await submitDev();
    await reach(t.id, 'done');
    expect(service.polls()).toHaveLength(3);

    service.poll = () => json(502, { detail: 'bad gateway' });
    const u = await submitDev();
    await reach(u.id, 'failed');
    expect(fx.task(u.id)).toMatchObject({ error: { code: 'server-error' }, retryWarning: null });
    service.poll = (id) => ready(id);
    await fx.ok('tasks.retry', { id: u.id });
    await reach(u.id, 'done');
    expect(service.submits()).toHaveLength(2);
  });

  it('ends a moderated task with its reasons, uncharged, and offers no retry', async () => {
    await withKey();
    service.poll = (id) => json(200, { id, status: 'Content Moderated', details: { 'Moderation Reasons': ['Violence', 'Hate'] }, result: null });
    const t = await submitDev();
    await reach(t.id, 'moderated');
    expect(fx.task(t.id)).toMatchObject({ moderationReasons: ['Violence', 'Hate'], canRetry: false, serviceStatus: 'Content Moderated' });
    expect(fx.task(t.id).detail).toMatch(/Violence, Hate.*not charged/);
    expect((await fx.ok('spending.summary', {})).totals.day).toBe(0);
    expect(await fx.call('tasks.retry', { id: t.id })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('shows an unknown status as it is, keeps polling, and stops at the time limit with a Retry that checks again', async () => {
    await withKey();
    service.poll = (id) => json(200, { id, status: 'Warming Up', progress: 12 });
    const t = await submitDev();
    await until(() => fx.tasks.get(t.id)?.serviceStatus === 'Warming Up');
    expect(fx.task(t.id)).toMatchObject({ state: 'running', progress: 0.12 });
    expect(fx.task(t.id).detail).toMatch(/“Warming Up”/);
    await until(() => state(t.id) === 'failed', () => String(clock.now()), 1000);
    expect(fx.task(t.id).error).toMatchObject({ code: 'timed-out' });
    expect(service.polls().length).toBeGreaterThan(IMAGE_CADENCE.limitMs / IMAGE_CADENCE.maxMs / 2);
    service.poll = (id) => ready(id);
    await fx.ok('tasks.retry', { id: t.id });
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(1);
  });

  it('gives a “Task not found” a short grace, then ends the task', async () => {
    await withKey();
    service.poll = (id) => json(200, { id, status: 'Task not found' });
    const t = await submitDev();
    await reach(t.id, 'failed');
    expect(fx.task(t.id).error?.code).toBe('not-found');
    expect(service.polls()).toHaveLength(3);
  });

  it('asks for a fresh address once when the result address has expired, then says it is lost', async () => {
    await withKey();
    service.download = () => ({ kind: 'text', status: 403, text: '<Error>AuthenticationFailed</Error>' });
    const t = await submitDev();
    await reach(t.id, 'failed');
    expect(fx.task(t.id).error).toMatchObject({ code: 'result-expired', message: expect.not.stringMatching(/403/) });
    expect(service.downloads()).toHaveLength(2);
    expect(service.polls()).toHaveLength(2);
  });

  it('a storage that keeps failing says what its answers mean, in the artist’s language; their status goes to the log', async () => {
    await withKey();
    service.download = () => ({ kind: 'text', status: 503, text: 'Slow Down' });
    const t = await submitDev();
    await reach(t.id, 'failed');
    const error = fx.task(t.id).error!;
    expect(error).toMatchObject({ code: 'network', message: 'The result could not be downloaded: the storage had a problem. Retry tries again. Gave up after 5 tries.' });
    const german = say(createText('de', await loadMessages('de')), error.words, error.message);
    expect(german).toBe('Das Ergebnis konnte nicht geladen werden: Beim Speicher ist ein Problem aufgetreten. „Erneut versuchen“ versucht es noch einmal. Nach 5 Versuchen aufgegeben.');
    expect(fx.log).toContainEqual(expect.objectContaining({ message: 'the storage refused the download', data: expect.objectContaining({ task: t.id, status: 503, kind: 'down' }) }));
  });

  it('a task sent again starts from a new record: nothing of the earlier attempt (its result’s seed) is filed with the new result', async () => {
    await withKey();
    service.download = () => ({ kind: 'text', status: 410, text: 'gone' });
    const t = await submitDev();
    await reach(t.id, 'failed');
    expect(fx.task(t.id).error?.code).toBe('result-expired');
    // The service made the first result with seed 42; the second attempt's answer names no seed.
    service.poll = (id) => json(200, { id, status: 'Ready', result: { sample: `${STORAGE}/${id}/sample.jpg?sig=abc` }, progress: null, details: null });
    service.download = async () => ({ kind: 'bytes', status: 200, bytes: await sampleJpeg() });
    await fx.ok('tasks.retry', { id: t.id, acceptDoubleCharge: true });
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(2);
    const [item] = (await fx.ok('library.page', { offset: 0, limit: 500 })).items;
    expect(item).toMatchObject({ id: t.id, remoteTaskId: 'task-2', seed: null });
    expect(fx.task(t.id)).toMatchObject({ remoteId: 'task-2', error: null, detail: null });
  });

  it('downloads again when a result does not decode, then fails with bad-result', async () => {
    await withKey();
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123' } }).jpeg().toBuffer();
    service.download = (_url, n) => ({ kind: 'bytes', status: 200, bytes: n < 2 ? jpeg.subarray(0, 200) : new Uint8Array(jpeg) });
    const t = await submitDev();
    await reach(t.id, 'done');
    expect(service.downloads()).toHaveLength(2);

    service.download = () => ({ kind: 'bytes', status: 200, bytes: jpeg.subarray(0, 200) });
    const u = await submitDev();
    await reach(u.id, 'failed');
    expect(fx.task(u.id).error?.code).toBe('bad-result');
  });

  it('asks the balance once when the window asks while the ask made as it loaded is still out', async () => {
    await withKey();
    const asked = () => service.seen.filter((s) => s.url.endsWith('/v1/credits')).length;
    await fx.ok('spending.summary', {});
    const before = asked();
    // The balance known is older than the cache keeps it: the next two asks, together, go out once.
    clock.advance(CREDITS_CACHE_MS + 1);
    const [first, second] = await Promise.all([fx.ok('spending.summary', {}), fx.ok('spending.summary', {})]);
    expect(second.credits).toBe(first.credits);
    expect(asked() - before).toBe(1);
  });

  it('keeps to the concurrency cap per key, with a visible queue', async () => {
    await withKey();
    await fx.ok('settings.update', { concurrencyPerKey: 2 });
    let release = false;
    service.poll = (id) => (release ? ready(id) : pending(id));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await submitDev()).id);
      clock.advance(1);
    }
    await until(() => ids.filter((id) => state(id) === 'running').length === 2);
    clock.advance(10_000);
    await settle(5);
    expect(service.submits()).toHaveLength(2);
    const positions = queuePositions(ids.map((id) => fx.task(id)));
    expect(ids.map((id) => positions.get(id) ?? null)).toEqual([null, null, 1, 2, 3]);
    // The line moving up is not news of each task in it: only the one that leaves it is told of.
    const told = fx.events.length;
    release = true;
    await until(() => state(ids[0]!) === 'done' && state(ids[2]!) !== 'queued');
    const waitingTold = fx.events.slice(told).filter((e) => e.channel.endsWith('tasks.updated') && (e.payload as TaskInfo).state === 'queued');
    expect(waitingTold).toEqual([]);
    await until(() => ids.every((id) => state(id) === 'done'));
    expect(service.submits()).toHaveLength(5);
  });

  it('refuses, before sending, a submission that would cross a spending cap, showing the totals', async () => {
    await withKey();
    const first = await submitDev();
    await reach(first.id, 'done');
    const summary = await fx.ok('spending.summary', {});
    await fx.ok('spending.setCaps', { keyId: summary.keyId, caps: { day: 3, week: null, month: null } });
    const refused = await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'again' }, inputs: {} });
    expect(refused).toMatchObject({ ok: false, error: { code: 'spending-cap' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/daily cap of 3 credits.*Spent 2 today, 2 this week, 2 this month.*estimated at 2/);
    expect(service.submits()).toHaveLength(1);
  });

  it('with a cap set, a request nothing has priced yet goes out alone to learn the price; a second waits for it', async () => {
    await withKey();
    const summary = await fx.ok('spending.summary', {});
    await fx.ok('spending.setCaps', { keyId: summary.keyId, caps: { day: 100, week: null, month: null } });
    // A video is priced only when it ends: while the first is on its way, nothing else can be checked against the cap.
    service.submit = (n) => json(200, { id: `v${n}`, polling_url: `${BASE}/v1/get_result?id=v${n}`, cost: null });
    service.poll = (id) => pending(id);
    const video = { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves', duration: 5 }, inputs: {} } as const;
    const first = await fx.ok('tasks.submit', video);
    await reach(first.id, 'running');
    const second = await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'second' }, inputs: {} });
    expect(second).toMatchObject({ ok: false, error: { code: 'spending-cap', message: expect.stringMatching(/a task of .* has no price yet.*daily cap of 100.*Send it once that task has finished/) } });
    expect(service.submits()).toHaveLength(1);
  });

  it('with a cap already reached, even a request nothing has priced is refused', async () => {
    await withKey();
    await reach((await submitDev()).id, 'done');
    const summary = await fx.ok('spending.summary', {});
    await fx.ok('spending.setCaps', { keyId: summary.keyId, caps: { day: 2, week: null, month: null } });
    const video = await fx.call('tasks.submit', { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves', duration: 5 }, inputs: {} });
    expect(video).toMatchObject({ ok: false, error: { code: 'spending-cap', message: expect.stringMatching(/daily cap of 2 credits .* is reached.*Spent 2 today/) } });
    expect(service.submits()).toHaveLength(1);
  });

  it('reserves an estimate for a running video the service has not priced yet, so a cap cannot be crossed', async () => {
    await withKey();
    const videos = { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves', duration: 5 }, inputs: {} } as const;
    // The first video teaches what a video costs: priced only by its final polling answer.
    service.submit = (n) => json(200, { id: `v${n}`, polling_url: `${BASE}/v1/get_result?id=v${n}`, cost: null });
    service.poll = (id) => (id === 'v1' ? ready(id, { cost: 22.5 }) : pending(id));
    const first = await fx.ok('tasks.submit', videos);
    await reach(first.id, 'done');
    const summary = await fx.ok('spending.summary', {});
    expect(summary.totals.day).toBe(22.5);
    await fx.ok('spending.setCaps', { keyId: summary.keyId, caps: { day: 50, week: null, month: null } });

    const second = await fx.ok('tasks.submit', videos);
    await reach(second.id, 'running');
    expect(fx.task(second.id).cost).toBeNull();
    // 22.5 spent + 22.5 on its way + 22.5 for this one would cross 50.
    const refused = await fx.call('tasks.submit', videos);
    expect(refused).toMatchObject({ ok: false, error: { code: 'spending-cap' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/daily cap of 50.*About 22\.5 more is on its way.*estimated at 22\.5/);
    expect(service.submits()).toHaveLength(2);
  });

  it('records the settled cost of a video from the final polling answer', async () => {
    await withKey();
    service.submit = () => json(200, { id: 'v1', polling_url: `${BASE}/v1/get_result?id=v1`, cost: 30, output_mp: 1.39 });
    service.poll = (id, n) => (n < 3 ? pending(id) : ready(id, { cost: 22.5 }));
    const t = await fx.ok('tasks.submit', { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves', duration: 5 }, inputs: {} });
    await reach(t.id, 'done');
    expect(fx.task(t.id)).toMatchObject({ cost: 30, settledCost: 22.5 });
    expect((await fx.ok('spending.summary', {})).totals.day).toBe(22.5);
    // Long-running kinds poll slower: the first poll waits for the video cadence.
    const [submitted, firstPoll] = [service.submits()[0]!, service.polls()[0]!];
    expect(firstPoll.at - submitted.at).toBeGreaterThanOrEqual(LONG_CADENCE.firstMs / 2);
  });

  it('stops waiting on cancel, warning that the service may still charge, and polls no more', async () => {
    await withKey();
    service.poll = (id) => pending(id);
    const t = await submitDev();
    await reach(t.id, 'running');
    expect(fx.task(t.id).cancelWarning).toBe(CANCEL_WARNING);
    await fx.ok('tasks.cancel', { id: t.id });
    const polls = service.polls().length;
    clock.advance(120_000);
    await settle(5);
    expect(service.polls()).toHaveLength(polls);
    expect(fx.task(t.id)).toMatchObject({ state: 'cancelled', canRetry: true });
    expect(fx.task(t.id).detail).toMatch(/may still finish it and charge/);
    // Retry picks the same service task up again rather than sending a new one.
    service.poll = (id) => ready(id);
    await fx.ok('tasks.retry', { id: t.id });
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(1);
  });

  it('cancelled while being sent: ends cancelled whatever the answer, and says whether it may be charged', async () => {
    await withKey();
    let answer: (() => void) | undefined;
    service.submit = () => new Promise((resolve) => (answer = () => resolve(json(503, { detail: 'busy' }))));
    const t = await submitDev();
    await until(() => answer !== undefined);
    await fx.ok('tasks.cancel', { id: t.id });
    answer!();
    await reach(t.id, 'cancelled');
    expect(fx.task(t.id).detail).toMatch(/nothing was charged/);
    clock.advance(600_000);
    await settle(5);
    expect(service.submits()).toHaveLength(1);

    service.submit = () => new Promise((resolve) => (answer = () => resolve(json(200, { id: 'late', polling_url: `${BASE}/v1/get_result?id=late`, cost: 1 }))));
    answer = undefined;
    const u = await submitDev();
    await until(() => answer !== undefined);
    await fx.ok('tasks.cancel', { id: u.id });
    answer!();
    await reach(u.id, 'cancelled');
    expect(fx.task(u.id)).toMatchObject({ remoteId: 'late', canRetry: true });
    expect(fx.task(u.id).detail).toMatch(/may still finish it and charge/);
    expect(service.polls()).toHaveLength(0);
  });

  it('refuses, in main, a request the catalog does not allow (never trusting the renderer)', async () => {
    await withKey();
    const bad = await fx.call('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'x', width: 1000 }, inputs: {} });
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ loc: ['body', 'width'], type: 'multiple_of' }] } });
    const unknown = await fx.call('tasks.submit', { endpointId: 'gen-pro-1.0', params: {}, inputs: {} });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'validation' } });
    const missingAsset = await fx.call('tasks.submit', { endpointId: 'gen-pro-1.0-fill', params: {}, inputs: { image: { assetId: 'f'.repeat(64) } } });
    expect(missingAsset).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ loc: ['body', 'image'] }] } });
    expect(service.submits()).toHaveLength(0);
  });

  it('sends an input image as base64 read from the asset store', async () => {
    await withKey();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer();
    const asset = await fx.ok('assets.import', { name: 'in.png', bytes: new Uint8Array(png) });
    const t = await fx.ok('tasks.submit', { endpointId: 'gen-pro-1.0-expand', params: { top: 32 }, inputs: { image: { assetId: asset.id } } });
    await reach(t.id, 'done');
    expect(service.submits()[0]!.body).toEqual({ image: png.toString('base64'), top: 32 });
    expect(((await fx.ok('library.page', { offset: 0, limit: 500 })).items)[0]!.inputs).toEqual([{ field: 'image', assetId: asset.id }]);
  });

  it('never sends the key to a plain-http polling address', async () => {
    await withKey();
    service.submit = () => json(200, { id: 'p', polling_url: 'http://poll.example.test/v1/get_result?id=p', cost: 1 });
    const t = await submitDev();
    await reach(t.id, 'failed');
    expect(fx.task(t.id).error?.code).toBe('insecure');
    expect(service.polls()).toHaveLength(0);
  });

  it('ends a task cancelled before its request went out as cancelled, sending nothing', async () => {
    await withKey();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer();
    const asset = await fx.ok('assets.import', { name: 'in.png', bytes: new Uint8Array(png) });
    // The sending step reads the input's bytes to build the body (keys are read once per session, so the
    // keychain no longer holds it): that read waits until the user has cancelled.
    let release: (() => void) | undefined;
    const read = AssetStore.prototype.bytes;
    const held = vi.spyOn(AssetStore.prototype, 'bytes').mockImplementation(async function (this: AssetStore, id: string) {
      await new Promise<void>((resolve) => (release = resolve));
      return read.call(this, id);
    });
    try {
      const t = await fx.ok('tasks.submit', { endpointId: 'gen-pro-1.0-expand', params: { top: 32 }, inputs: { image: { assetId: asset.id } } });
      await until(() => release !== undefined);
      await fx.ok('tasks.cancel', { id: t.id });
      expect(fx.task(t.id).detail).toMatch(/before the request goes out/);
      release!();
      await reach(t.id, 'cancelled');
      expect(fx.task(t.id)).toMatchObject({ submittedAt: null, remoteId: null });
      expect(fx.task(t.id).detail).toMatch(/nothing was sent/);
      clock.advance(600_000);
      await settle(5);
      expect(service.submits()).toHaveLength(0);
    } finally {
      held.mockRestore();
    }
  });

  it('an internal error after the service accepted a task leaves it “outcome unknown” with the service’s task id, never a plain failure', async () => {
    // The ledger cannot be written (its file's place is taken by a folder once the core runs): recording the cost throws after the 200.
    await withKey();
    await mkdir(join(dir.path, 'spending.json'), { recursive: true });
    const t = await submitDev();
    await reach(t.id, 'outcome-unknown');
    expect(fx.task(t.id)).toMatchObject({ remoteId: 'task-1', error: { code: 'internal' }, canRetry: true, retryWarning: null });
    expect(fx.task(t.id).detail).toMatch(/accepted it \(task task-1\) and may charge/);
    const record = JSON.parse(await readFile(join(dir.path, 'tasks', `${t.id}.json`), 'utf8')) as { remote: { id: string } | null };
    expect(record.remote?.id).toBe('task-1');
    clock.advance(600_000);
    await settle(5);
    expect(service.submits()).toHaveLength(1);
    expect(service.polls()).toHaveLength(0);
    // The service's answer was read: Retry asks it about the task, and never sends it again.
    await fx.ok('tasks.retry', { id: t.id });
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(1);
    expect(service.polls()).toHaveLength(1);
  });

  it('ends a task at once when polling answers 400, 402 or 422 (asking again cannot change them)', async () => {
    await withKey();
    const cases: Array<[number, string, RegExp]> = [
      [400, 'bad-request', /refused Gen Studio’s question.*400/],
      [402, 'no-credits', /not enough credits.*402.*Top up/],
      [422, 'validation', /refused Gen Studio’s question.*422/],
    ];
    for (const [status, code, message] of cases) {
      service.poll = () => json(status, { detail: `status ${status}` });
      const t = await submitDev();
      await reach(t.id, 'failed');
      const remoteId = fx.task(t.id).remoteId!;
      clock.advance(600_000);
      await settle(5);
      expect(service.polls(remoteId), String(status)).toHaveLength(1);
      expect(fx.task(t.id).error, String(status)).toMatchObject({ code, message: expect.stringMatching(message) });
      // The service had accepted it: Retry can only send it again, as a new task.
      expect(fx.task(t.id).retryWarning).toBe(CHARGED_AGAIN_WARNING);
    }
  });

  it('a polling host that does not answer is that task’s problem: the connection stays online and other tasks go out', async () => {
    await withKey();
    // The base answers; the regional polling host the service named refuses connections.
    service.poll = () => netError('ECONNREFUSED');
    const t = await submitDev();
    await reach(t.id, 'failed');
    expect(fx.task(t.id).error).toMatchObject({ code: 'network', message: expect.stringMatching(/Retry checks on it again/) });
    const offline = fx.events.filter((e) => e.channel.endsWith('statusChanged') && (e.payload as { state: string }).state === 'offline');
    expect(offline).toEqual([]);
    service.poll = (id) => ready(id);
    const next = await submitDev();
    expect(next.state).not.toBe('ready-to-send');
    await reach(next.id, 'done');
  });

  it('while the connection itself does not answer, polling waits without spending tries, up to the time limit of its kind', async () => {
    await withKey();
    // Polled on the connection's own host, which then stops answering, as does everything else there.
    service.submit = () => json(200, { id: 'own', polling_url: `${BASE}/v1/get_result?id=own`, cost: 1 });
    service.poll = () => netError('ECONNREFUSED');
    service.probe = () => netError('ECONNREFUSED');
    const t = await submitDev();
    await until(() => fx.tasks.get(t.id)?.detail === 'Waiting for the connection to come back.');
    expect(await fx.ok('connections.status')).toMatchObject({ state: 'offline' });
    const started = clock.now();
    await until(() => state(t.id) === 'failed', () => `${state(t.id)} ${(clock.now() - started) / 1000}s`, 1000);
    expect(fx.task(t.id).error).toMatchObject({ code: 'timed-out', message: expect.stringMatching(/could not be reached.*Retry checks on it again/) });
    expect(clock.now() - started).toBeGreaterThanOrEqual(IMAGE_CADENCE.limitMs - 60_000);
    expect(clock.now() - started).toBeLessThan(IMAGE_CADENCE.limitMs + 60_000);
    // Retry checks again once the service is back, without sending again.
    service.poll = (id) => ready(id);
    service.probe = () => json(404, { detail: 'Not Found' });
    await fx.ok('tasks.retry', { id: t.id });
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(1);
  });

  it('never sends the key to a plain-http address on this computer that a remote https service names for polling', async () => {
    await withKey();
    service.submit = () => json(200, { id: 'lo', polling_url: 'http://127.0.0.1:9/v1/get_result?id=lo', cost: 1 });
    const t = await submitDev();
    await reach(t.id, 'failed');
    expect(fx.task(t.id).error?.code).toBe('insecure');
    expect(service.seen.filter((x) => x.url.startsWith('http://127.0.0.1'))).toEqual([]);
  });

  it('follows a webhook-style answer as far as the service lets it', async () => {
    await withKey();
    service.submit = () => json(200, { id: 'w', status: 'Pending', webhook_url: 'https://hooks.example.com/x', cost: 3 });
    const t = await submitDev();
    await reach(t.id, 'webhook');
    expect(fx.task(t.id)).toMatchObject({ cost: 3, canRetry: false });
  });
});

describe('durability', () => {
  it('leaves a task whose answer never came as “outcome unknown” after a crash, and never sends it again by itself', async () => {
    await withKey();
    service.submit = () => ({ kind: 'hang' });
    const t = await submitDev();
    await until(() => service.submits().length === 1);
    await settle(20);
    // Quitting gives the request on its way its grace period, counted on the injected clock (not real time).
    let stopped = false;
    const stopping = fx.core.dispose().then(() => (stopped = true));
    cores.splice(cores.indexOf(fx), 1);
    clock.advance(1999);
    await settle(50);
    expect(stopped).toBe(false);
    clock.advance(1);
    // Awaited, not raced against real time: under load the close can take longer than any fixed wait.
    await stopping;
    expect(stopped).toBe(true);

    service.submit = () => json(200, { id: 'n', polling_url: `${BASE}/v1/get_result?id=n`, cost: 1 });
    const next = await boot();
    const [task] = await next.ok('tasks.list');
    expect(task).toMatchObject({ id: t.id, state: 'outcome-unknown', retryWarning: DOUBLE_CHARGE_WARNING });
    clock.advance(3_600_000);
    await settle(10);
    expect(service.submits()).toHaveLength(1);
  });

  it('rebuilds a spending ledger that cannot be read from the task records, with a notice', async () => {
    await withKey();
    const ids = [(await submitDev()).id, (await submitDev()).id];
    await until(() => ids.every((id) => state(id) === 'done'));
    expect((await fx.ok('spending.summary', {})).totals.day).toBe(4);
    await fx.core.dispose();
    cores.splice(cores.indexOf(fx), 1);

    await writeFile(join(dir.path, 'spending.json'), '{"version":1,"entries":[{"taskId":');
    fx = await boot();
    expect((await fx.ok('app.notices')).some((n) => /spent could not be read.*set aside/.test(n.message))).toBe(true);
    expect((await fx.ok('spending.summary', {})).totals).toEqual({ day: 4, week: 4, month: 4 });
    // Written back whole, so the next start reads it.
    const file = JSON.parse(await readFile(join(dir.path, 'spending.json'), 'utf8')) as { entries: Array<{ taskId: string; cost: number }> };
    expect(file.entries.map((e) => e.taskId).sort()).toEqual([...ids].sort());
    expect((await readdir(dir.path)).some((n) => n.startsWith('spending.json.unreadable-'))).toBe(true);
  });

  it('adopts a result whose file was written but not its details when a crash came between them, without downloading again', async () => {
    await withKey();
    const t = await submitDev();
    await reach(t.id, 'done');
    await fx.core.dispose();
    cores.splice(cores.indexOf(fx), 1);

    // Make the disk look as it would after a crash between the result file and its sidecar.
    const libraryDir = join(dir.path, 'library');
    const sidecar = (await readdir(libraryDir)).find((n) => n.endsWith('.json') && !n.startsWith('.'))!;
    await rm(join(libraryDir, sidecar));
    await rm(join(libraryDir, '.index.jsonl'));
    await rm(join(libraryDir, '.thumbs', `${t.id}.webp`));
    const recordFile = join(dir.path, 'tasks', `${t.id}.json`);
    const record = JSON.parse(await readFile(recordFile, 'utf8')) as Record<string, unknown>;
    await writeFile(recordFile, JSON.stringify({ ...record, state: 'downloading', resultId: null, finishedAt: null, detail: 'Saving the result…' }));
    // The address has expired by now: downloading again would lose the result.
    service.download = () => ({ kind: 'text', status: 403, text: 'expired' });
    const downloads = service.downloads().length;

    fx = await boot();
    await reach(t.id, 'done');
    expect(service.downloads()).toHaveLength(downloads);
    const items = (await fx.ok('library.page', { offset: 0, limit: 500 })).items;
    expect(items).toMatchObject([{ id: t.id, remoteTaskId: 'task-1', cost: 2, metadataLost: false }]);
    expect(await readdir(libraryDir)).toContain(sidecar);
  });

  it('follows a task that stopped right after the service’s answer was stored, rather than calling its outcome unknown', async () => {
    await withKey();
    service.poll = (id) => pending(id);
    const t = await submitDev();
    await reach(t.id, 'running');
    await fx.core.dispose();
    cores.splice(cores.indexOf(fx), 1);
    // As on disk after a stop between storing the answer and moving on (and before the ledger was written).
    const recordFile = join(dir.path, 'tasks', `${t.id}.json`);
    const record = JSON.parse(await readFile(recordFile, 'utf8')) as Record<string, unknown>;
    await writeFile(recordFile, JSON.stringify({ ...record, state: 'submitting', serviceStatus: null }));
    await writeFile(join(dir.path, 'spending.json'), JSON.stringify({ version: 1, entries: [] }));

    service.poll = (id) => ready(id);
    fx = await boot();
    await reach(t.id, 'done');
    expect(service.submits()).toHaveLength(1);
    expect((await fx.ok('spending.summary', {})).totals.day).toBe(2);
  });

  it('resumes polling and downloading after a restart', async () => {
    await withKey();
    let stillPending = true;
    service.poll = (id) => (stillPending ? pending(id) : ready(id));
    const ids = [(await submitDev()).id, (await submitDev()).id, (await submitDev()).id];
    await until(() => ids.every((id) => state(id) === 'running'));
    await fx.core.dispose();
    cores.splice(cores.indexOf(fx), 1);

    stillPending = false;
    fx = await boot();
    await until(() => ids.every((id) => state(id) === 'done'), () => ids.map((id) => state(id)).join());
    expect(service.submits()).toHaveLength(3);
    expect((await fx.ok('library.page', { offset: 0, limit: 500 })).items).toHaveLength(3);
  });
});
