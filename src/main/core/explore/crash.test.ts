import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatrixSpec } from '../../../shared/explore/matrix';
import { bundleCrashProcesses, nextLine, startCoreProcess, startSandboxProcess, type CoreRun, type SandboxRun } from '../testing/crash/harness';
import { cellOfTask } from './matrixRecord';

/**
 * The core really killed (SIGKILL) in the middle of a 40-cell matrix, then started again on the same data
 * folder: every cell reaches the Sandbox once and all 40 results arrive. The Sandbox runs in a process of its
 * own, so it outlives the kill and still holds the cells that were on their way.
 *
 * Where the kill lands: the Sandbox keeps each picture Pending for 3 s and the core sends 8 at a time, so once
 * the second batch of 8 is accepted and being polled, no cell is being sent for seconds: the kill comes then,
 * with cells done, cells on their way and cells not yet sent. (A kill while a cell's request is on the wire
 * leaves an outcome the core cannot know; that case belongs to the engine's own crash test.)
 */

const KEY = 'sk-explore-crash-key-7Q2M';
/** 10 × 4 readings of the prompt: 40 cells, each prompt its own, so the Sandbox's log tells them apart. */
const SPEC: MatrixSpec = { prompt: '{a|b|c|d|e|f|g|h|i|j} {k|l|m|n} crash', models: ['gen-dev'], seeds: 1, firstSeed: 5, size: { width: 256, height: 256 }, sweep: null };
const CELLS = 40;

let work: string;
let sandbox: SandboxRun;

beforeAll(async () => {
  await bundleCrashProcesses();
  work = await mkdtemp(join(tmpdir(), 'gen-explore-crash-'));
  sandbox = await startSandboxProcess({ timing: 'instant', durations: { 'gen-dev': 3000 }, keys: { [KEY]: { credits: 100_000 } }, key: KEY, maxActiveTasksPerKey: 1000 });
}, 120_000);

afterAll(async () => {
  sandbox?.child.stdin?.end();
  await rm(work, { recursive: true, force: true });
});

interface Run extends CoreRun {
  readonly states: Map<string, string>;
  /** resolves true when a line `matches` accepts comes (or the states satisfy it), false on exit or time-out */
  until(matches: (line: Record<string, unknown>, states: Map<string, string>) => boolean, timeoutMs: number): Promise<boolean>;
}

function startCore(dataDir: string): Run {
  const run = startCoreProcess({ dataDir, secretsFile: join(work, 'keychain.json'), baseUrl: sandbox.baseUrl, key: KEY, spec: SPEC }, 'exploreCoreProcess');
  const { child, lines } = run;
  const states = new Map<string, string>();
  const waiters = new Set<(line: Record<string, unknown>) => void>();
  lines.on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    if (line.event === 'state' && typeof line.id === 'string' && cellOfTask(line.id)) states.set(line.id, String(line.state));
    for (const w of [...waiters]) w(line);
  });
  return {
    ...run,
    states,
    until: (matches, timeoutMs) =>
      new Promise((res) => {
        const finish = (hit: boolean) => {
          clearTimeout(timer);
          waiters.delete(onLine);
          child.off('exit', onExit);
          res(hit);
        };
        const onLine = (line: Record<string, unknown>) => {
          if (matches(line, states)) finish(true);
        };
        const onExit = () => finish(false);
        const timer = setTimeout(() => finish(false), timeoutMs);
        waiters.add(onLine);
        child.once('exit', onExit);
      }),
  };
}

const count = (states: Map<string, string>, state: string) => [...states.values()].filter((s) => s === state).length;

describe('a prompt matrix when the core is killed', () => {
  it('sends every cell once and files all 40 results after a restart', async () => {
    const dataDir = join(work, 'data');
    const first = startCore(dataDir);
    // Mid-matrix: a first batch done, the next batch accepted and polled, nothing being sent.
    const mid = await first.until((_, s) => count(s, 'done') >= 8 && count(s, 'running') >= 8 && count(s, 'submitting') === 0 && count(s, 'queued') === s.size - count(s, 'done') - count(s, 'running'), 90_000);
    expect(mid, 'the matrix reached its middle').toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    const doneAtKill = count(first.states, 'done');
    expect(doneAtKill).toBeLessThan(CELLS);

    const second = startCore(dataDir);
    const finished = await second.until((line) => line.event === 'finished', 120_000);
    second.child.stdin!.end();
    await Promise.race([second.exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (second.child.exitCode === null) second.child.kill('SIGKILL');
    expect(finished, 'the matrix finished after the restart').toBe(true);

    // The engine's records: one task per cell, each done, none sent again.
    const taskDir = join(dataDir, 'tasks');
    const records = await Promise.all(
      (await readdir(taskDir)).filter((n) => n.endsWith('.json') && !n.startsWith('.')).map(async (n) => JSON.parse(await readFile(join(taskDir, n), 'utf8')) as { id: string; state: string; previousRemoteIds: string[]; request: { params: { prompt: string } } }),
    );
    const cells = records.filter((r) => cellOfTask(r.id));
    expect(cells).toHaveLength(CELLS);
    expect(new Set(cells.map((r) => cellOfTask(r.id)!.index)).size).toBe(CELLS);
    for (const r of cells) {
      expect(r.state, r.id).toBe('done');
      expect(r.previousRemoteIds, r.id).toEqual([]);
    }

    // The Sandbox received each cell's prompt exactly once, and accepted each.
    sandbox.child.stdin!.write('report\n');
    const report = JSON.parse(await nextLine(sandbox.lines, 10_000)) as { submissions: Array<{ status: number }>; prompts: string[] };
    expect(report.prompts).toHaveLength(CELLS);
    expect(new Set(report.prompts).size).toBe(CELLS);
    expect(new Set(report.prompts)).toEqual(new Set(cells.map((r) => r.request.params.prompt)));
    expect(report.submissions.filter((s) => s.status === 200)).toHaveLength(CELLS);

    // All 40 results are in the library, and the matrix on disk says so.
    const library = join(dataDir, 'library');
    const sidecars = (await readdir(library)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    expect(sidecars).toHaveLength(CELLS);
    const [matrixFile] = (await readdir(join(dataDir, 'explore'))).filter((n) => n.endsWith('.json'));
    const matrix = JSON.parse(await readFile(join(dataDir, 'explore', matrixFile!), 'utf8')) as { status: string; outcomes: Record<string, { state: string; resultId: string }> };
    expect(matrix.status).toBe('finished');
    expect(Object.values(matrix.outcomes).filter((o) => o.state === 'done' && o.resultId)).toHaveLength(CELLS);
  }, 300_000);
});
