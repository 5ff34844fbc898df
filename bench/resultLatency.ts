/**
 * How soon a result is the artist's once the service has it: the app's engine side by side with a minimal
 * client that polls every 0.5 s (the public clients' pace), the same tasks through both, at the same time, on
 * the Sandbox at the service's pace with jittered durations. Prints figures; asserts nothing.
 *
 *   npx tsx bench/resultLatency.ts [--tasks 21] [--seconds 3] [--spread 0.3] [--strip] [--strip-tasks 8]
 *
 * - submit → file: from the submit to the result on disk (the app: the moment the renderer is told it is done,
 *   which is after the file is written; the minimal client: after its plain write of the bytes);
 * - Ready → file: from the moment the Sandbox made the task Ready (its acceptance time plus the task's
 *   duration, which the Sandbox draws from the prompt so both clients' copies of a task take the same time);
 * - polls per task, and the ratios app / minimal client;
 * - with `--strip` (needs `npm run build`): the real renderer in Chromium, bound to the Node core as in the e2e
 *   specs, with a project open; tasks sent for that project; Ready → the result's tile in the results strip
 *   showing its picture (decoded), timed in the page on the same wall clock.
 *
 * The Sandbox runs in a child process, so its work does not share this process's event loop. Figures on a
 * shared machine are noisy: the ratios, measured in the same run, are the ones to compare.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { getEndpoint } from '../src/shared/catalog/catalog';
import type { TaskInfo } from '../src/shared/ipc/contract';
import { eventChannel } from '../src/shared/ipc/define';
import { createCore, type Core } from '../src/main/core/createCore';
import { systemClock } from '../src/main/core/deps';
import { CoreEvents } from '../src/main/core/events';
import { nodeDeps } from '../src/main/core/nodeDeps';
import { MemoryKeychain } from '../src/main/core/testing/memoryKeychain';
import type { SandboxOptions } from '../src/main/sandbox/api';
import { pendingDuration } from '../src/main/sandbox/tasks/timing';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '21' },
    seconds: { type: 'string', default: '3' },
    spread: { type: 'string', default: '0.3' },
    strip: { type: 'boolean', default: false },
    'strip-tasks': { type: 'string', default: '8' },
  },
});
const TASKS = Number(values.tasks);
const ENDPOINT = 'gen-dev';
const APP_KEY = 'sk-bench-latency-app-0001';
const CLIENT_KEY = 'sk-bench-latency-min-0001';
const sandboxOptions: SandboxOptions = {
  timing: 'instant',
  durations: { [ENDPOINT]: Number(values.seconds) * 1000 },
  durationSpread: Number(values.spread),
  keys: { [APP_KEY]: { credits: 1e9 }, [CLIENT_KEY]: { credits: 1e9 } },
};
/** When the Sandbox made a task Ready: its acceptance (start_time in the Ready answer) plus the duration it drew from the prompt. */
const readyAtOf = (startTimeS: number, prompt: string) => startTimeS * 1000 + pendingDuration(getEndpoint(ENDPOINT), sandboxOptions, prompt);
const params = (prompt: string) => ({ prompt, width: 512, height: 512, output_format: 'jpeg', seed: 7 });

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (n: number) => `${n.toFixed(0)} ms`;

interface Measured {
  readonly submitToFile: number;
  readonly readyToFile: number;
  /** from Ready to the answer that said so (the polling's share of Ready → file) */
  readonly readyToSeen: number;
  readonly polls: number;
}

async function startSandboxProcess(): Promise<{ baseUrl: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'engineSandboxProcess.ts'), JSON.stringify(sandboxOptions)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { baseUrl: (JSON.parse(line) as { baseUrl: string }).baseUrl, stop: () => child.stdin!.end() };
}

/** What the service said about each task, read off the answers the app got: polls, and the Ready answer's start time. */
class Watch {
  readonly polls = new Map<string, number>();
  readonly startTime = new Map<string, number>();
  readonly seenAt = new Map<string, number>();

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const response = await fetch(input, init);
    const id = url.searchParams.get('id');
    if (url.pathname.endsWith('/get_result') && id) {
      this.polls.set(id, (this.polls.get(id) ?? 0) + 1);
      const body = (await response.clone().json()) as { status?: string; result?: { start_time?: number } };
      if (body.status === 'Ready' && typeof body.result?.start_time === 'number') {
        this.startTime.set(id, body.result.start_time);
        if (!this.seenAt.has(id)) this.seenAt.set(id, Date.now());
      }
    }
    return response;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The minimal client: submit, poll every 0.5 s, fetch the sample, write it.

async function minimalClient(baseUrl: string, prompt: string, dir: string): Promise<Measured> {
  const submitted = Date.now();
  const accepted = (await (await fetch(`${baseUrl}/v1/${ENDPOINT}`, { method: 'POST', headers: { 'x-key': CLIENT_KEY, 'content-type': 'application/json' }, body: JSON.stringify(params(prompt)) })).json()) as {
    id: string;
    polling_url: string;
  };
  let polls = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    polls++;
    const body = (await (await fetch(accepted.polling_url, { headers: { 'x-key': CLIENT_KEY } })).json()) as { status: string; result?: { sample: string; start_time: number } };
    if (body.status !== 'Ready') continue;
    const seen = Date.now();
    const bytes = new Uint8Array(await (await fetch(body.result!.sample)).arrayBuffer());
    await writeFile(join(dir, `${accepted.id}.jpg`), bytes);
    const filed = Date.now();
    const ready = readyAtOf(body.result!.start_time, prompt);
    return { submitToFile: filed - submitted, readyToFile: filed - ready, readyToSeen: seen - ready, polls };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The app's engine, as main runs it.

interface App {
  readonly core: Core;
  readonly tasks: Map<string, TaskInfo>;
  readonly watch: Watch;
  readonly doneAt: Map<string, number>;
  call<T>(name: string, request?: unknown): Promise<T>;
}

async function bootApp(dataDir: string, baseUrl: string): Promise<App> {
  const events = new CoreEvents();
  const tasks = new Map<string, TaskInfo>();
  const doneAt = new Map<string, number>();
  events.attach((channel, payload) => {
    if (channel !== eventChannel('tasks.updated')) return;
    const info = payload as TaskInfo;
    tasks.set(info.id, info);
    if (info.state === 'done' && !doneAt.has(info.id)) doneAt.set(info.id, Date.now());
  });
  const watch = new Watch();
  const core = await createCore({ ...nodeDeps({ dataDir, mediaBase: 'gen-media://m/' }), fetch: watch.fetch, clock: systemClock, secrets: new MemoryKeychain() }, { events });
  const call = async <T>(name: string, request?: unknown): Promise<T> => (core.handlers[name as keyof Core['handlers']] as (r: unknown) => Promise<T>)(request);
  await call('keys.add', {
    label: 'Bench',
    organization: '',
    project: '',
    secret: APP_KEY,
    sessionOnly: false,
    connection: { create: { label: 'Bench', baseUrl, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  return { core, tasks, watch, doneAt, call };
}

async function throughApp(app: App, prompt: string): Promise<Measured> {
  const submitted = Date.now();
  const task = await app.call<TaskInfo>('tasks.submit', { endpointId: ENDPOINT, params: params(prompt), inputs: {} });
  while (!app.doneAt.has(task.id)) {
    const state = app.tasks.get(task.id)?.state;
    if (state === 'failed' || state === 'outcome-unknown') throw new Error(`task ${state}: ${JSON.stringify(app.tasks.get(task.id))}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  const remote = app.tasks.get(task.id)!.remoteId!;
  const filed = app.doneAt.get(task.id)!;
  const ready = readyAtOf(app.watch.startTime.get(remote)!, prompt);
  return { submitToFile: filed - submitted, readyToFile: filed - ready, readyToSeen: app.watch.seenAt.get(remote)! - ready, polls: app.watch.polls.get(remote)! };
}

// ---------------------------------------------------------------------------------------------------------------

function report(title: string, app: Measured[], client: Measured[]): void {
  const row = (name: string, pick: (m: Measured) => number, unit: (n: number) => string) => {
    const a = app.map(pick);
    const c = client.map(pick);
    console.log(
      `   ${name.padEnd(16)} app median ${unit(median(a)).padStart(8)} (max ${unit(Math.max(...a))})   minimal client median ${unit(median(c)).padStart(8)} (max ${unit(Math.max(...c))})   ratio of medians ${(median(a) / median(c)).toFixed(2)}x`,
    );
  };
  console.log(`\n${title}`);
  row('submit → file', (m) => m.submitToFile, ms);
  row('Ready → file', (m) => m.readyToFile, ms);
  row(' · Ready → seen', (m) => m.readyToSeen, ms);
  row(' · seen → file', (m) => m.readyToFile - m.readyToSeen, ms);
  const polls = (xs: Measured[]) => mean(xs.map((m) => m.polls));
  console.log(`   ${'polls per task'.padEnd(16)} app ${polls(app).toFixed(2)}   minimal client ${polls(client).toFixed(2)}   ratio ${(polls(app) / polls(client)).toFixed(2)}x`);
  const pairs = app.map((m, i) => m.submitToFile / client[i]!.submitToFile);
  console.log(`   ${'submit → file'.padEnd(16)} per task, app / minimal client: median ${median(pairs).toFixed(2)}x, mean ${mean(pairs).toFixed(2)}x`);
}

async function sideBySide(): Promise<void> {
  const sandbox = await startSandboxProcess();
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-latency-'));
  const clientDir = await mkdtemp(join(tmpdir(), 'bench-latency-min-'));
  const app = await bootApp(dataDir, sandbox.baseUrl);
  // Warm-up, not counted: the first task loads sharp and the Sandbox's renderer.
  await Promise.all([throughApp(app, 'warm-up'), minimalClient(sandbox.baseUrl, 'warm-up', clientDir)]);
  const appRows: Measured[] = [];
  const clientRows: Measured[] = [];
  for (let i = 0; i < TASKS; i++) {
    const prompt = `a lighthouse at dusk, take ${i}`;
    const [a, c] = await Promise.all([throughApp(app, prompt), minimalClient(sandbox.baseUrl, prompt, clientDir)]);
    appRows.push(a);
    clientRows.push(c);
  }
  await app.core.dispose();
  sandbox.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(clientDir, { recursive: true, force: true });
  report(`${TASKS} text-to-image tasks (${ENDPOINT}, 512 x 512 JPEG) of ${values.seconds} s ± ${Number(values.spread) * 100}%, each sent to both at once`, appRows, clientRows);
}

console.log(`Result latency benchmark · Node ${process.version} · ${process.platform}`);
await sideBySide();
if (values.strip) await (await import('./resultLatencyStrip')).stripTiles({ sandboxOptions, endpointId: ENDPOINT, tasks: Number(values['strip-tasks']), readyAtOf, params });
