/**
 * The task engine's own cost. Prints figures; asserts nothing.
 *
 *   npx tsx bench/engine.ts [--tasks 40] [--concurrent 200] [--window 30] [--profile polling.cpuprofile]
 *                           [--scale 1000] [--scale-seconds 180] [--scale-window 60] [--only scale]
 *
 * 1. Time per task from submit to result on disk, against an in-process sandbox with zero latency (every task
 *    ready on its first poll), one task at a time, split into: time inside HTTP calls (the sandbox's own work),
 *    time the scheduler deliberately waited (the first poll's delay), and the rest: the engine's own time
 *    (validation, records written atomically, scheduling, decoding and filing the result).
 * 2. CPU and memory of polling many concurrent tasks, against a sandbox in a child process that keeps them
 *    Pending: CPU time of this process over a window, as a share of one core, with heap and RSS.
 * 3. At scale: 1,000 tasks in flight (42 keys, 24 each but the last) that each take 180 s, the Sandbox sending progress as the
 *    service does: CPU of this process and polls per second over a window while they run, against what a
 *    client polling every 0.5 s would send. (Before the schedule followed the task: 26.5% of a core, 514
 *    polls a second.)
 *
 * The engine holds at most 24 tasks per key on the service at once (the service's own limit, which is also the
 * highest the per-key setting takes): many tasks in flight take as many keys as that needs.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { TaskInfo } from '../src/shared/ipc/contract';
import { SERVICE_ACTIVE_TASK_LIMIT } from '../src/shared/ipc/contract/settings';
import { eventChannel } from '../src/shared/ipc/define';
import { createCore, type Core } from '../src/main/core/createCore';
import { systemClock, type Clock, type TimerHandle } from '../src/main/core/deps';
import { CoreEvents } from '../src/main/core/events';
import { nodeDeps } from '../src/main/core/nodeDeps';
import { onPhase, type Phase } from '../src/main/core/perf/phases';
import { MemoryKeychain } from '../src/main/core/testing/memoryKeychain';
import { startSandbox } from '../src/main/sandbox/index';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '40' },
    concurrent: { type: 'string', default: '200' },
    window: { type: 'string', default: '30' },
    profile: { type: 'string' },
    scale: { type: 'string', default: '1000' },
    'scale-seconds': { type: 'string', default: '180' },
    'scale-window': { type: 'string', default: '60' },
    /** run one part only: per-task, polling or scale */
    only: { type: 'string' },
  },
});

/** `--profile FILE`: a CPU profile of the polling window (open it in Chrome's DevTools), to see the next slow part. */
async function startProfile(): Promise<() => Promise<string>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(values.profile!, JSON.stringify(profile));
    session.disconnect();
    return values.profile!;
  };
}
const TASKS = Number(values.tasks);
/** Tasks per key: as many as the engine keeps on the service for one key. */
const PER_KEY = SERVICE_ACTIVE_TASK_LIMIT;
const CONCURRENT = Number(values.concurrent);
const WINDOW_S = Number(values.window);

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface Booted {
  readonly core: Core;
  readonly tasks: Map<string, TaskInfo>;
  call<T>(name: string, request?: unknown): Promise<T>;
}

async function boot(dataDir: string, o: { fetch: typeof fetch; clock: Clock }): Promise<Booted> {
  const events = new CoreEvents();
  const tasks = new Map<string, TaskInfo>();
  events.attach((channel, payload) => {
    if (channel === eventChannel('tasks.updated')) tasks.set((payload as TaskInfo).id, payload as TaskInfo);
  });
  const core = await createCore({ ...nodeDeps({ dataDir, mediaBase: 'gen-media://m/' }), fetch: o.fetch, clock: o.clock, secrets: new MemoryKeychain() }, { events });
  const call = async <T>(name: string, request?: unknown): Promise<T> => {
    const handler = core.handlers[name as keyof Core['handlers']] as (r: unknown) => Promise<T>;
    return handler(request);
  };
  return { core, tasks, call };
}

const until = async (pred: () => boolean, what: string, timeoutMs = 120_000) => {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
};

async function addKey(b: Booted, secret: string, baseUrl: string, label: string, connectionId?: string): Promise<{ id: string; connectionId: string }> {
  return b.call('keys.add', {
    label,
    organization: '',
    project: '',
    secret,
    sessionOnly: false,
    connection: connectionId ? { id: connectionId } : { create: { label: 'Bench', baseUrl, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Time per task, zero-latency sandbox

async function perTask(): Promise<void> {
  const key = 'sk-bench-per-task-0001';
  const sandbox = await startSandbox({ timing: 'instant', keys: { [key]: { credits: 1e9 } } });
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-engine-'));
  let inFetch = 0;
  const timedFetch: typeof fetch = async (input, init) => {
    const t = performance.now();
    try {
      const response = await fetch(input, init);
      const body = await response.arrayBuffer();
      return new Response(body, { status: response.status, headers: response.headers });
    } finally {
      inFetch += performance.now() - t;
    }
  };
  let waited = 0;
  const timers = new Map<TimerHandle, number>();
  const clock: Clock = {
    now: () => systemClock.now(),
    setTimeout: (callback, delay) => {
      const handle: TimerHandle = systemClock.setTimeout(() => {
        timers.delete(handle);
        waited += delay;
        callback();
      }, delay);
      timers.set(handle, delay);
      return handle;
    },
    clearTimeout: (handle) => {
      timers.delete(handle);
      systemClock.clearTimeout(handle);
    },
  };
  const b = await boot(dataDir, { fetch: timedFetch, clock });
  await addKey(b, key, sandbox.baseUrl, 'Bench');

  let phases = new Map<Phase, number>();
  const stopPhases = onPhase((phase, selfMs) => phases.set(phase, (phases.get(phase) ?? 0) + selfMs));
  const run = async () => {
    inFetch = 0;
    waited = 0;
    phases = new Map();
    const t = performance.now();
    const task = await b.call<TaskInfo>('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'bench', width: 256, height: 256, output_format: 'png', seed: 1 }, inputs: {} });
    await until(() => b.tasks.get(task.id)?.state === 'done', 'task done');
    const wall = performance.now() - t;
    return { wall, http: inFetch, waited, own: wall - inFetch - waited, phases };
  };
  await run(); // warm-up: the first task loads sharp and the sandbox's renderer
  const rows: Array<Awaited<ReturnType<typeof run>>> = [];
  for (let i = 0; i < TASKS; i++) rows.push(await run());
  stopPhases();
  await b.core.dispose();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });

  console.log(`\n1. Submit to result on disk, ${TASKS} tasks one at a time, gen-dev 256 x 256 PNG, sandbox with zero latency`);
  console.log(`   wall time            median ${ms(median(rows.map((r) => r.wall)))}   mean ${ms(mean(rows.map((r) => r.wall)))}`);
  console.log(`   inside HTTP calls    median ${ms(median(rows.map((r) => r.http)))}   (submit, poll, download: the sandbox's own work)`);
  console.log(`   scheduled waiting    median ${ms(median(rows.map((r) => r.waited)))}   (the first poll's deliberate delay)`);
  console.log(`   engine's own time    median ${ms(median(rows.map((r) => r.own)))}   mean ${ms(mean(rows.map((r) => r.own)))}   p90 ${ms([...rows.map((r) => r.own)].sort((a, c) => a - c)[Math.floor(rows.length * 0.9)]!)}`);
  // Self time of each phase (a phase's wall time less the phases inside it), per task.
  const PHASES: ReadonlyArray<[Phase, string]> = [
    ['validate', 'validation and caps'],
    ['record', 'task records written (atomic, fsync)'],
    ['send', 'sending step, less the request'],
    ['poll', 'polling steps, less the requests'],
    ['download', 'download step, less the request and filing'],
    ['verify', 'reading the result header'],
    ['thumbnail', 'full decode and preview'],
    ['write', 'result, preview, sidecar, index written'],
  ];
  const of = (phase: Phase) => rows.map((r) => r.phases.get(phase) ?? 0);
  const named = rows.map((r) => PHASES.reduce((sum, [phase]) => sum + (r.phases.get(phase) ?? 0), 0));
  console.log('   engine\'s own time by phase (median per task, mean in brackets):');
  for (const [phase, words] of PHASES) console.log(`     ${phase.padEnd(10)} ${ms(median(of(phase))).padStart(9)}  (${ms(mean(of(phase)))})   ${words}`);
  const rest = rows.map((r, i) => r.own - named[i]!);
  console.log(`     ${'other'.padEnd(10)} ${ms(median(rest)).padStart(9)}  (${ms(mean(rest))})   scheduling, events, timers between the phases`);
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Polling many concurrent tasks

async function polling(): Promise<void> {
  const perKey = PER_KEY;
  const keyCount = Math.ceil(CONCURRENT / perKey);
  const keys = Array.from({ length: keyCount }, (_, i) => `sk-bench-poll-${String(i).padStart(4, '0')}`);
  const options = {
    timing: 'instant',
    durations: { 'gen-dev': 3_600_000 },
    maxActiveTasksPerKey: 10_000,
    keys: Object.fromEntries(keys.map((k) => [k, { credits: 1e9 }])),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'engineSandboxProcess.ts'), JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const { baseUrl } = JSON.parse(line) as { baseUrl: string };

  const dataDir = await mkdtemp(join(tmpdir(), 'bench-poll-'));
  let requests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const b = await boot(dataDir, { fetch: countingFetch, clock: systemClock });
  await b.call('settings.update', { concurrencyPerKey: perKey });
  let connectionId: string | undefined;
  const ids: string[] = [];
  for (const [i, key] of keys.entries()) {
    const added = await addKey(b, key, baseUrl, `Key ${i}`, connectionId);
    connectionId = added.connectionId;
    await b.call('keys.activate', { id: added.id });
    const n = Math.min(perKey, CONCURRENT - ids.length);
    for (let j = 0; j < n; j++) ids.push((await b.call<TaskInfo>('tasks.submit', { endpointId: 'gen-dev', params: { prompt: `poll ${j}`, width: 256, height: 256 }, inputs: {} })).id);
  }
  await until(() => ids.every((id) => b.tasks.get(id)?.state === 'running'), 'all running');
  // Let the first quick polls pass, so the window sees the steady cadence.
  await new Promise((r) => setTimeout(r, 5000));
  global.gc?.();
  const before = { cpu: process.cpuUsage(), t: performance.now(), mem: process.memoryUsage(), requests };
  let peakRss = before.mem.rss;
  let peakHeap = before.mem.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 1000);
  const profiler = values.profile ? await startProfile() : undefined;
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  if (profiler) console.log(`   (CPU profile of the polling window: ${await profiler()})`);
  clearInterval(sampler);
  const cpu = process.cpuUsage(before.cpu);
  const elapsed = performance.now() - before.t;
  const after = process.memoryUsage();
  const polls = requests - before.requests;
  const running = ids.filter((id) => b.tasks.get(id)?.state === 'running').length;
  await b.core.dispose();

  // For scale: what a bare fetch of the same answer costs this process with no engine around it, at the same
  // concurrency and cadence (as many loops as tasks, each fetching, reading and parsing the answer, then waiting
  // the engine's steady interval): sockets, timers and the event loop then cost both sides alike.
  const sample = b.tasks.get(ids[0]!)!;
  const bareUrl = `${baseUrl}/v1/get_result?id=${encodeURIComponent(sample.remoteId!)}`;
  const bareWindowMs = Math.min(WINDOW_S, 15) * 1000;
  let bare = 0;
  const counting: { from?: NodeJS.CpuUsage } = {};
  const bareEnd = performance.now() + 5000 + bareWindowMs;
  const loop = async () => {
    await new Promise((r) => setTimeout(r, Math.random() * 2500));
    while (performance.now() < bareEnd) {
      const response = await fetch(bareUrl, { headers: { 'x-key': keys[0]! } });
      JSON.parse(await response.text());
      if (counting.from) bare++;
      await new Promise((r) => setTimeout(r, 1250 + Math.random() * 1250));
    }
  };
  const loops = Promise.all(ids.map(() => loop()));
  await new Promise((r) => setTimeout(r, 5000));
  counting.from = process.cpuUsage();
  await loops;
  const bareCpu = process.cpuUsage(counting.from);
  child.stdin!.end();
  await rm(dataDir, { recursive: true, force: true });

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(`\n2. Polling ${CONCURRENT} concurrent tasks (${keyCount} keys, up to ${perKey} each), sandbox in a child process, ${WINDOW_S} s window`);
  console.log(`   tasks still running   ${running} of ${ids.length}`);
  console.log(`   polls                 ${polls} (${(polls / (elapsed / 1000)).toFixed(1)} per second)`);
  console.log(`   CPU of this process   ${(((cpu.user + cpu.system) / 1000 / elapsed) * 100).toFixed(1)}% of one core (user ${(cpu.user / 1000).toFixed(0)} ms, system ${(cpu.system / 1000).toFixed(0)} ms)`);
  const perPoll = (cpu.user + cpu.system) / 1000 / Math.max(1, polls);
  const perBare = (bareCpu.user + bareCpu.system) / 1000 / Math.max(1, bare);
  console.log(`   CPU per poll          ${perPoll.toFixed(2)} ms (a bare fetch of a polling answer at the same concurrency and cadence: ${perBare.toFixed(2)} ms, ${bare} fetches)`);
  console.log(`   ratio                 ${(perPoll / perBare).toFixed(2)}x a bare fetch per poll`);
  console.log(`   heap used             ${mb(before.mem.heapUsed)} at start, ${mb(after.heapUsed)} at end, peak ${mb(peakHeap)}`);
  console.log(`   RSS                   ${mb(before.mem.rss)} at start, ${mb(after.rss)} at end, peak ${mb(peakRss)}`);
}

// ---------------------------------------------------------------------------------------------------------------
// 3. At scale: 1,000 tasks of 180 s in flight

async function scale(): Promise<void> {
  const total = Number(values.scale);
  const keyCount = Math.ceil(total / PER_KEY);
  const seconds = Number(values['scale-seconds']);
  const windowS = Number(values['scale-window']);
  const perKey = PER_KEY;
  const keys = Array.from({ length: keyCount }, (_, i) => `sk-bench-scale-${String(i).padStart(4, '0')}`);
  const options = {
    timing: 'instant',
    durations: { 'gen-dev': seconds * 1000 },
    maxActiveTasksPerKey: 10_000,
    keys: Object.fromEntries(keys.map((k) => [k, { credits: 1e9 }])),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'engineSandboxProcess.ts'), JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const { baseUrl } = JSON.parse(line) as { baseUrl: string };

  const dataDir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
  let requests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const b = await boot(dataDir, { fetch: countingFetch, clock: systemClock });
  await b.call('settings.update', { concurrencyPerKey: perKey });
  let connectionId: string | undefined;
  const ids: string[] = [];
  const submitStart = performance.now();
  for (const [i, key] of keys.entries()) {
    const added = await addKey(b, key, baseUrl, `Key ${i}`, connectionId);
    connectionId = added.connectionId;
    await b.call('keys.activate', { id: added.id });
    const n = Math.min(perKey, total - ids.length);
    for (let j = 0; j < n; j++) ids.push((await b.call<TaskInfo>('tasks.submit', { endpointId: 'gen-dev', params: { prompt: `scale ${j}`, width: 256, height: 256 }, inputs: {} })).id);
  }
  await until(() => ids.every((id) => b.tasks.get(id)?.state === 'running'), 'all running', 600_000);
  const submitS = (performance.now() - submitStart) / 1000;
  await new Promise((r) => setTimeout(r, 5000));
  global.gc?.();
  const before = { cpu: process.cpuUsage(), t: performance.now(), requests };
  await new Promise((r) => setTimeout(r, windowS * 1000));
  const cpu = process.cpuUsage(before.cpu);
  const elapsed = performance.now() - before.t;
  const polls = requests - before.requests;
  const running = ids.filter((id) => b.tasks.get(id)?.state === 'running').length;
  await b.core.dispose();
  child.stdin!.end();
  await rm(dataDir, { recursive: true, force: true });

  const perSecond = polls / (elapsed / 1000);
  const client = running / 0.5;
  console.log(`\n3. At scale: ${total} tasks in flight (${keyCount} keys, up to ${perKey} each), each ${seconds} s, Sandbox in a child process sending progress, ${windowS} s window`);
  console.log(`   sent and accepted in  ${submitS.toFixed(1)} s; the window began 5 s after the last was accepted`);
  console.log(`   tasks still running   ${running} of ${ids.length}`);
  console.log(`   polls                 ${polls} (${perSecond.toFixed(1)} per second; a client polling every 0.5 s: ${client.toFixed(0)} per second, ${(perSecond / client).toFixed(3)}x)`);
  console.log(`   CPU of this process   ${(((cpu.user + cpu.system) / 1000 / elapsed) * 100).toFixed(1)}% of one core (user ${(cpu.user / 1000).toFixed(0)} ms, system ${(cpu.system / 1000).toFixed(0)} ms; aim under 10%; 26.5% at 514 polls a second before)`);
}

console.log(`Gen Studio engine benchmark · Node ${process.version} · ${process.platform}`);
if (!values.only || values.only === 'per-task') await perTask();
if (!values.only || values.only === 'polling') await polling();
if (!values.only || values.only === 'scale') await scale();
