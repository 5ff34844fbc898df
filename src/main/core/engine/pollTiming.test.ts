import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskState } from '../../../shared/ipc/contract';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import type { TimerHandle } from '../deps';
import { FakeClock, settle } from '../testing/fakeClock';
import { BASE, FakeService, json, pending, POLL_BASE, ready, type Reply } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import { IMAGE_CADENCE } from './policy';

/**
 * The engine's poll schedule end to end, on a fake clock against a scripted service whose tasks take a set
 * time: a task that takes its usual time is fetched within one short poll of Ready; one that runs long is
 * polled at the pace around its expected finish and backs off only after; a 429 is waited out.
 *
 * The clock moves only while the engine is idle (no request on its way, and its next wake-up armed since the
 * last answer), straight to the next timer: however slow the disk, the times the service sees are exactly the
 * ones the engine chose, so the figures below hold on every run.
 */

/**
 * Counts timers armed, to tell when the engine has armed its next wake-up. Only a timer still waiting counts: a
 * time limit armed and cleared on the way (the keychain's, around each read of a key) is no wake-up.
 */
class ArmCountingClock extends FakeClock {
  arms = 0;
  private readonly waiting = new Map<TimerHandle, number>();
  override setTimeout(callback: () => void, ms: number): TimerHandle {
    const n = ++this.arms;
    const handle = super.setTimeout(() => {
      this.waiting.delete(handle);
      callback();
    }, ms);
    this.waiting.set(handle, n);
    return handle;
  }
  override clearTimeout(handle: TimerHandle): void {
    this.waiting.delete(handle);
    super.clearTimeout(handle);
  }
  /** Whether a timer armed after the `mark`-th is still waiting to fire. */
  armedSince(mark: number): boolean {
    for (const n of this.waiting.values()) if (n > mark) return true;
    return false;
  }
}

const KEY = 'sk-poll-timing-key-9X1V';

let dir: Awaited<ReturnType<typeof tempDir>>;
let service: FakeService;
let clock: ArmCountingClock;
/** Requests on their way, and the timers armed when the last one was answered. */
let inFlight = 0;
let armsAtAnswer = 0;
let fx: CoreFixture;
/** When the service accepted each task, and how long it stays Pending. */
const accepted = new Map<string, number>();
let durationMs = 3000;
/** What a poll answers, by task and time since acceptance; Pending until the duration has passed by default. */
let answer: (id: string, elapsed: number) => Reply;

beforeEach(async () => {
  dir = await tempDir('poll-timing');
  clock = new ArmCountingClock();
  inFlight = 0;
  armsAtAnswer = 0;
  service = new FakeService(() => clock.now());
  accepted.clear();
  durationMs = 3000;
  answer = (id, elapsed) => (elapsed < durationMs ? pending(id) : ready(id));
  let n = 0;
  service.submit = () => {
    const id = `task-${++n}`;
    accepted.set(id, clock.now());
    return json(200, { id, polling_url: `${POLL_BASE}/v1/get_result?id=${id}`, cost: 2 });
  };
  service.poll = (id) => answer(id, clock.now() - accepted.get(id)!);
  const counted: typeof fetch = async (input, init) => {
    inFlight++;
    try {
      return await service.fetch(input, init);
    } finally {
      inFlight--;
      armsAtAnswer = clock.arms;
    }
  };
  fx = await startCore({ dataDir: dir.path, fetch: counted, clock, secrets: new MemoryKeychain() });
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: '',
    project: '',
    secret: KEY,
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
});

const state = (id: string): TaskState | undefined => fx.tasks.get(id)?.state;
/** Waits (in real time, bounded only so a stuck test says so) until the engine is idle or `done` holds. */
async function idleOr(done: () => boolean): Promise<void> {
  for (let i = 0; i < 20_000; i++) {
    if (done() || (inFlight === 0 && clock.armedSince(armsAtAnswer))) return;
    await settle(i < 50 ? 0 : 1);
  }
  throw new Error('the engine never came to rest');
}

/** Runs the engine timer by timer until the task reaches `s`. */
async function reach(id: string, s: TaskState): Promise<void> {
  const done = () => state(id) === s;
  for (let i = 0; i < 5000; i++) {
    await idleOr(done);
    if (done()) return;
    const next = clock.nextDue();
    if (next === undefined) throw new Error(`nothing left to wake: ${JSON.stringify(fx.tasks.get(id))}`);
    // The next timer fires: the engine is busy until it has been answered and armed its next wake-up.
    clock.advance(Math.max(0, next - clock.now()));
    armsAtAnswer = clock.arms;
  }
  throw new Error(`never reached ${s}: ${JSON.stringify(fx.tasks.get(id))}`);
}

/** Runs one task to its end and returns its service id. */
async function runOne(): Promise<string> {
  const t = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk' } as never, inputs: {} });
  await reach(t.id, 'done');
  return fx.task(t.id).remoteId!;
}

/** When the result was first fetched, in ms after the service made it Ready. */
function fetchedAfterReady(id: string): number {
  const download = service.downloads().find((d) => d.url.includes(`/${id}/`))!;
  return download.at - (accepted.get(id)! + durationMs);
}

const pollTimes = (id: string) => service.polls(id).map((p) => p.at - accepted.get(id)!);
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe('the poll schedule, in the engine', () => {
  it('fetches a task that takes its usual time within one short poll of Ready', async () => {
    for (let i = 0; i < 3; i++) await runOne();
    const id = await runOne();
    // Within one poll at the public clients' pace (0.5 s for images).
    expect(fetchedAfterReady(id)).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
    // And with fewer polls than a client polling every 0.5 s from the start would send.
    expect(service.polls(id).length).toBeLessThanOrEqual(Math.ceil(durationMs / 500) + 1);
  });

  it('keeps the pace while a task runs somewhat long, and backs off once it runs well past its usual time', async () => {
    for (let i = 0; i < 3; i++) await runOne();
    durationMs = 40_000;
    const id = await runOne();
    const times = pollTimes(id);
    // Around the usual finish (3 s) and a little past it: every poll at the pace.
    const around = gaps(times.filter((t) => t >= 2500 && t <= 5000));
    expect(around.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...around)).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
    // Well past it: slower, up to the kind's slowest interval.
    const late = gaps(times.filter((t) => t >= 20_000));
    expect(Math.min(...late)).toBeGreaterThan(1500);
    expect(Math.max(...late)).toBeLessThanOrEqual(IMAGE_CADENCE.maxMs);
  });

  it('waits out a 429 while polling, then goes back to the pace around the expected finish', async () => {
    for (let i = 0; i < 3; i++) await runOne();
    durationMs = 4800;
    let limited: number | null = null;
    answer = (id, elapsed) => {
      if (limited === null && elapsed >= 2000) {
        limited = elapsed;
        return json(429, { detail: 'Too many requests' }, { 'retry-after': '2' });
      }
      return elapsed < durationMs ? pending(id) : ready(id);
    };
    const id = await runOne();
    expect(limited).not.toBeNull();
    const times = pollTimes(id);
    // Nothing while the service asked to wait.
    expect(times.filter((t) => t > limited! && t < limited! + 2000)).toEqual([]);
    // Then the pace again, not a schedule slowed by the polls before: fetched within one poll of Ready.
    expect(fetchedAfterReady(id)).toBeLessThanOrEqual(IMAGE_CADENCE.firstMs);
  });
});
