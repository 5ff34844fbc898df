import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCrashProcesses, nextLine, startCoreProcess, startSandboxProcess, waitForLine, type CoreRun, type SandboxRun } from '../testing/crash/harness';

/**
 * A crash test that really crashes: the core runs as its own process against the Sandbox in another, and is
 * killed with SIGKILL at random moments (while sending, polling, downloading and writing) again and again, then
 * restarted on the same data folder until every task has ended. A seeded random picks the moments, so a
 * failure can be replayed with the same seed (CRASH_SEED); the kills still land where the machine's timing
 * puts them, which is the point.
 */

const SEED = Number(process.env.CRASH_SEED ?? 20261124);
const KILLS = 24;
/** Each run adds this many tasks, so every run has some on their way when its kill comes. */
const PER_RUN = 2;
const TASKS = PER_RUN * (KILLS + 1);
const KEY = 'sk-crash-test-key-5V8N';
const CREDITS = 100_000;

/** mulberry32: a small seeded random, so the schedule of kills is the same on every run with the same seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let work: string;
let sandbox: SandboxRun;

beforeAll(async () => {
  await bundleCrashProcesses();
  work = await mkdtemp(join(tmpdir(), 'gen-crash-'));
  // Tasks stay Pending a little while, so kills land while polling as well as while sending and downloading.
  const options = { timing: 'instant', durations: { 'gen-dev': 400 }, keys: { [KEY]: { credits: CREDITS } }, key: KEY, maxActiveTasksPerKey: 1000 };
  sandbox = await startSandboxProcess(options);
}, 120_000);

afterAll(async () => {
  sandbox?.child.stdin?.end();
  await rm(work, { recursive: true, force: true });
});

/** Every task state any run of the core reported, in order, across all runs. */
const reported: Array<{ readonly run: number; readonly id: string; readonly state: string; readonly detail?: string }> = [];
const FINAL = new Set(['done', 'failed', 'moderated', 'cancelled', 'webhook', 'outcome-unknown']);

function startCore(dataDir: string, total: number): CoreRun {
  const core = startCoreProcess({ dataDir, secretsFile: join(work, 'keychain.json'), baseUrl: sandbox.baseUrl, key: KEY, total });
  const run = runs++;
  core.lines.on('line', (line) => {
    try {
      const l = JSON.parse(line) as { event?: string; id?: string; state?: string; detail?: string; error?: string };
      if (l.event === 'state' && l.id && l.state) reported.push({ run, id: l.id, state: l.state, ...(l.detail || l.error ? { detail: `${l.detail ?? ''} ${l.error ?? ''}` } : {}) });
    } catch {
      /* not one of ours */
    }
  });
  return core;
}
let runs = 0;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

interface Record_ {
  readonly id: string;
  readonly state: string;
  readonly remote: { id: string; cost: number | null } | null;
  readonly previousRemoteIds: string[];
  readonly request: { params: { prompt: string } };
  readonly error: { code: string } | null;
}

/**
 * Set aside by the crash-loop guard: two kills in a row landed while its result was being fetched or filed, which
 * is what a result that takes the app down looks like from inside. It ends failed, to be retried by the user.
 */
const setAside = (r: Record_) => r.state === 'failed' && r.error?.code === 'set-aside';

describe('the core killed with SIGKILL at random moments', () => {
  it(`ends every task exactly once, sends each once, files each result once, leaves no temporary files, and keeps the ledger equal to what the Sandbox charged (seed ${SEED})`, async () => {
    const random = seeded(SEED);
    const dataDir = join(work, 'data');
    // Where each kill is aimed: the state the core reports just before it, then a random few milliseconds more.
    const targets = ['submitting', 'running', 'downloading', 'write'] as const;
    const aimed: Record<string, number> = {};
    let kills = 0;
    for (let round = 0; round < KILLS; round++) {
      const run = startCore(dataDir, PER_RUN * (round + 1));
      const target = targets[round % targets.length]!;
      // "write": the result is being filed; the download step's state comes just before its file is written.
      const state = target === 'write' ? 'downloading' : target;
      const hit = await waitForLine(run, (l) => l.event === 'state' && l.state === state, 30_000);
      if (hit) aimed[target] = (aimed[target] ?? 0) + 1;
      if (process.env.CRASH_DEBUG) console.log(`round ${round} ${target} hit=${hit} t=${Math.round(performance.now())}`);
      await new Promise((r) => setTimeout(r, Math.floor(random() * (target === 'write' ? 60 : 25))));
      if (run.child.exitCode === null) {
        run.child.kill('SIGKILL');
        kills++;
      }
      await run.exited;
    }

    // The last run: no kill; every task must end.
    const last = startCore(dataDir, TASKS);
    const settled = await waitForLine(last, (l) => l.event === 'settled', 60_000);
    // A clean stop this time (quit): what is left on disk is what the kills and the restarts left.
    last.child.stdin!.end();
    await Promise.race([last.exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (last.child.exitCode === null) last.child.kill('SIGKILL');
    expect(settled, 'every task ended after the last restart').toBe(true);
    expect(kills).toBeGreaterThanOrEqual(20);
    // The kills were aimed at each moment (a moment may pass before a kill lands: the aim is what is counted).
    for (const t of targets) expect(aimed[t] ?? 0, `kills aimed at ${t}`).toBeGreaterThanOrEqual(3);

    const taskDir = join(dataDir, 'tasks');
    const records = await Promise.all(
      (await readdir(taskDir)).filter((n) => n.endsWith('.json') && !n.startsWith('.')).map(async (n) => JSON.parse(await readFile(join(taskDir, n), 'utf8')) as Record_),
    );
    expect(records).toHaveLength(TASKS);
    // Every task ends exactly once: done, or (sent when a kill came, before any answer was recorded) outcome-unknown.
    for (const r of records) expect(['done', 'outcome-unknown'].includes(r.state) || setAside(r), `${r.id}: ${r.state}`).toBe(true);
    expect(new Set(records.map((r) => r.request.params.prompt)).size).toBe(TASKS);
    // Never sent again by itself.
    for (const r of records) expect(r.previousRemoteIds, r.id).toEqual([]);
    // Ended once: no task was reported ending twice (in one run or across restarts), none moved on after its
    // end, and the end reported is the one on disk. (A kill between the record's write and its report leaves an
    // end on disk that no run reported: that is the only way a task has none.)
    for (const r of records) {
      const seen = reported.filter((e) => e.id === r.id);
      const firstEnd = seen.findIndex((e) => FINAL.has(e.state));
      if (firstEnd === -1) continue;
      expect(seen.slice(firstEnd).map((e) => e.state), `${r.id}: ${JSON.stringify(seen)}`).toEqual([r.state]);
    }
    expect(reported.filter((e) => FINAL.has(e.state)).length).toBeGreaterThanOrEqual(TASKS - KILLS);

    sandbox.child.stdin!.write('report\n');
    const report = JSON.parse(await nextLine(sandbox.lines, 10_000)) as { submissions: Array<{ taskId: string | null; status: number }>; prompts: string[]; credits: number };
    const accepted = report.submissions.filter((s) => s.status === 200);
    expect(accepted).toHaveLength(report.submissions.length);
    // The Sandbox received one submit per task: each prompt is a task's, and none arrived twice; every task whose
    // answer was recorded arrived exactly once, and so did every task that ended done.
    const prompts = new Map(records.map((r) => [r.request.params.prompt, r]));
    for (const p of report.prompts) expect(prompts.has(p), `a submit for ${p}`).toBe(true);
    expect(new Set(report.prompts).size, 'no task submitted twice').toBe(report.prompts.length);
    const known = records.filter((r) => r.remote);
    for (const r of known) {
      expect(report.prompts.filter((p) => p === r.request.params.prompt), r.id).toHaveLength(1);
      expect(accepted.filter((s) => s.taskId === r.remote!.id), r.id).toHaveLength(1);
    }
    const unknownAccepted = accepted.filter((s) => !known.some((r) => r.remote!.id === s.taskId));
    const outcomeUnknown = records.filter((r) => r.state === 'outcome-unknown' && !r.remote);
    // A task the Sandbox accepted but whose answer the core never recorded is one of the outcome-unknown ones.
    expect(unknownAccepted.length).toBeLessThanOrEqual(outcomeUnknown.filter((r) => report.prompts.includes(r.request.params.prompt)).length);

    // Every result the Sandbox made Ready for a task Gen Studio knew is in the library, once.
    const library = join(dataDir, 'library');
    const sidecars = await Promise.all(
      (await readdir(library)).filter((n) => n.endsWith('.json') && !n.startsWith('.')).map(async (n) => JSON.parse(await readFile(join(library, n), 'utf8')) as { id: string }),
    );
    for (const r of known) {
      if (setAside(r)) continue;
      expect(r.state, r.id).toBe('done');
      expect(sidecars.filter((s) => s.id === r.id), r.id).toHaveLength(1);
    }
    expect(sidecars).toHaveLength(records.filter((r) => r.state === 'done').length);

    // No temporary file of an interrupted write is left: start-up removes stale ones.
    expect((await filesUnder(dataDir)).filter((p) => p.endsWith('.tmp'))).toEqual([]);

    // The ledger equals what the Sandbox charged: charged for every task whose answer was recorded, and every
    // task whose outcome is unknown held as unsettled (the Sandbox charged some of them).
    const ledger = JSON.parse(await readFile(join(dataDir, 'spending.json'), 'utf8')) as { entries: Array<{ taskId: string; cost: number; charged: boolean; unsettled?: boolean; unpriced?: boolean }> };
    const charged = ledger.entries.filter((e) => e.charged && !e.unsettled);
    const unsettled = ledger.entries.filter((e) => e.unsettled);
    const price = known[0]!.remote!.cost!;
    const sandboxCharged = CREDITS - report.credits;
    expect(charged.map((e) => e.taskId).sort()).toEqual(known.map((r) => r.id).sort());
    expect(charged.reduce((sum, e) => sum + e.cost, 0)).toBeCloseTo(known.length * price, 6);
    expect(sandboxCharged).toBeCloseTo((known.length + unknownAccepted.length) * price, 6);
    expect(unsettled.map((e) => e.taskId).sort()).toEqual(outcomeUnknown.map((r) => r.id).sort());
    // Each held at the price the Sandbox charges, so the caps count them as spent until the user settles them.
    // (One cut off before any task had a price is held unpriced, and priced again whenever the caps are checked.)
    for (const e of unsettled) expect(e.unpriced ? price : e.cost, e.taskId).toBeCloseTo(price, 6);
    // About 15 s on a two-core machine with a light load; the bound is generous because a loaded machine slows
    // its 25 process starts, and the test must not depend on the machine's speed.
  }, 300_000);
});
