/**
 * A burst against a busy service: how many tasks end "outcome unknown" (for the artist to settle) and why.
 * Prints figures; asserts nothing.
 *
 *   npx tsx bench/burst.ts [--tasks 1000] [--keys 20] [--seconds 15] [--flaky 0.05]
 *
 * `--tasks` tasks are submitted at once, spread over `--keys` keys, to a Sandbox in a child process whose tasks
 * take about `--seconds` each and which takes 24 active tasks per key (as the service does). Between them sits a
 * busy gateway: a share (`--flaky`) of submits, and every request for one 2 s stretch, go to a port nobody listens
 * on, so the system refuses the connection (ECONNREFUSED: nothing was sent). A refused connection must never
 * leave a task for the artist to settle, and no key may have more than 24 tasks open at once.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { TaskInfo } from '../src/shared/ipc/contract';
import { eventChannel } from '../src/shared/ipc/define';
import { createCore, type Core } from '../src/main/core/createCore';
import { systemClock } from '../src/main/core/deps';
import { CoreEvents } from '../src/main/core/events';
import { nodeDeps } from '../src/main/core/nodeDeps';
import { MemoryKeychain } from '../src/main/core/testing/memoryKeychain';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '1000' },
    keys: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    flaky: { type: 'string', default: '0.05' },
  },
});
const TOTAL = Number(values.tasks);
const KEYS = Number(values.keys);
const SECONDS = Number(values.seconds);
const FLAKY = Number(values.flaky);

/** A port nobody listens on: a connection to it is refused by the system (ECONNREFUSED), as a busy service's is. */
async function deadPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const until = async (pred: () => boolean, what: string, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const keys = Array.from({ length: KEYS }, (_, i) => `sk-bench-burst-${String(i).padStart(4, '0')}`);
const options = {
  timing: 'instant',
  durations: { 'gen-dev': SECONDS * 1000 },
  durationSpread: 0.5,
  keys: Object.fromEntries(keys.map((k) => [k, { credits: 1e9 }])),
};
const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'engineSandboxProcess.ts'), JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
const { baseUrl } = JSON.parse(line) as { baseUrl: string };
const refusedAt = `http://127.0.0.1:${await deadPort()}`;

const dataDir = await mkdtemp(join(tmpdir(), 'bench-burst-'));
const events = new CoreEvents();
const tasks = new Map<string, TaskInfo>();
events.attach((channel, payload) => {
  if (channel === eventChannel('tasks.updated')) tasks.set((payload as TaskInfo).id, payload as TaskInfo);
});
const failures = new Map<string, number>();
// The busy gateway: every 1/FLAKY-th submit, and every request in one 2 s stretch, is sent to a port nobody
// listens on, so the system refuses the connection for real; the rest reach the Sandbox.
let submits = 0;
let refused = 0;
let away = false;
const countingFetch: typeof fetch = async (input, init) => {
  const url = String(input);
  const isSubmit = init?.method === 'POST';
  const refuse = away || (isSubmit && FLAKY > 0 && ++submits % Math.round(1 / FLAKY) === 0);
  if (refuse) refused++;
  try {
    return await fetch(refuse ? url.replace(baseUrl, refusedAt) : url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = cause?.code ?? (error instanceof Error ? error.name : 'unknown');
    failures.set(code, (failures.get(code) ?? 0) + 1);
    throw error;
  }
};
const core: Core = await createCore({ ...nodeDeps({ dataDir, mediaBase: 'gen-media://m/' }), fetch: countingFetch, clock: systemClock, secrets: new MemoryKeychain() }, { events });
const call = <T>(name: string, request?: unknown): Promise<T> => (core.handlers[name as keyof Core['handlers']] as (r: unknown) => Promise<T>)(request);
await call('settings.update', { concurrencyPerKey: 24 });

const started = performance.now();
let connectionId: string | undefined;
const ids: string[] = [];
const perKey = Math.ceil(TOTAL / KEYS);
for (const [i, key] of keys.entries()) {
  const added = await call<{ id: string; connectionId: string }>('keys.add', {
    label: `Key ${i}`,
    organization: '',
    project: '',
    secret: key,
    sessionOnly: false,
    connection: connectionId ? { id: connectionId } : { create: { label: 'Busy', baseUrl, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  connectionId = added.connectionId;
  await call('keys.activate', { id: added.id });
  const n = Math.min(perKey, TOTAL - ids.length);
  const batch = await Promise.all(
    Array.from({ length: n }, (_, j) => call<TaskInfo>('tasks.submit', { endpointId: 'gen-dev', params: { prompt: `burst ${i} ${j}`, width: 256, height: 256 }, inputs: {} })),
  );
  ids.push(...batch.map((t) => t.id));
}
// The gateway goes away for 2 s while the burst is on its way.
setTimeout(() => {
  away = true;
  setTimeout(() => (away = false), 2000);
}, 3000);

const stuck = setInterval(() => {
  const states = new Map<string, number>();
  for (const id of ids) states.set(tasks.get(id)?.state ?? '?', (states.get(tasks.get(id)?.state ?? '?') ?? 0) + 1);
  console.error(`   … ${((performance.now() - started) / 1000).toFixed(0)} s: ${[...states].map(([k, n]) => `${k} ${n}`).join(', ')}`);
}, 10_000);
const FINAL = new Set(['done', 'failed', 'moderated', 'cancelled', 'webhook', 'outcome-unknown']);
let peakOpen = 0;
const sampler = setInterval(() => {
  const open = new Map<string, number>();
  for (const t of tasks.values()) if (t.state === 'submitting' || t.state === 'running') open.set(t.keyLabel ?? '', (open.get(t.keyLabel ?? '') ?? 0) + 1);
  peakOpen = Math.max(peakOpen, ...open.values(), 0);
  // Tasks left "ready to send" go out as soon as the connection answers again (the default preference).
}, 100);
await until(() => ids.every((id) => FINAL.has(tasks.get(id)?.state ?? '')), 'every task ended', 30 * 60_000);
clearInterval(sampler);
clearInterval(stuck);
const wall = (performance.now() - started) / 1000;
const byState = new Map<string, number>();
for (const id of ids) byState.set(tasks.get(id)!.state, (byState.get(tasks.get(id)!.state) ?? 0) + 1);
const unknown = ids.map((id) => tasks.get(id)!).filter((t) => t.state === 'outcome-unknown');
await core.dispose();
child.stdin!.end();
await rm(dataDir, { recursive: true, force: true });

console.log(`Burst: ${TOTAL} tasks at once over ${KEYS} keys, each about ${SECONDS} s, Sandbox takes 24 active per key, gateway refusing 1 in ${Math.round(1 / FLAKY)} connections and away for 2 s`);
console.log(`   ended in               ${wall.toFixed(1)} s`);
console.log(`   states                 ${[...byState].map(([s, n]) => `${s} ${n}`).join(', ')}`);
console.log(`   outcome unknown        ${unknown.length}${unknown.length ? ` (${[...new Set(unknown.map((t) => t.error?.message))].join(' | ')})` : ''}`);
console.log(`   connections refused    ${refused} (1 submit in ${Math.round(1 / FLAKY)}, and every request in the 2 s away)`);
console.log(`   fetch failures         ${[...failures].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`);
console.log(`   most open at once      ${peakOpen} tasks of one key (submitting or running)`);
