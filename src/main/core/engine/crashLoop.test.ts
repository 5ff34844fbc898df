import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCrashProcesses, killHard, startCoreProcess, startSandboxProcess, waitForLine, type SandboxRun } from '../testing/crash/harness';

/**
 * The crash-loop guard with real crashes (issue 23): the core, a process of its own, is killed with SIGKILL twice
 * in a row while a task's result is being fetched (held there on purpose, so the kill lands mid-step every time,
 * with no luck involved). The third start sets the task aside with a notice and does not fetch it again.
 */

const KEY = 'sk-crash-loop-key-8T3R';
let work: string;
let sandbox: SandboxRun;

beforeAll(async () => {
  await bundleCrashProcesses();
  work = await mkdtemp(join(tmpdir(), 'gen-crash-loop-'));
  sandbox = await startSandboxProcess({ timing: 'instant', keys: { [KEY]: { credits: 1000 } }, key: KEY });
}, 120_000);

afterAll(async () => {
  sandbox?.child.stdin?.end();
  await rm(work, { recursive: true, force: true });
});

describe('a task whose step was under way at two crashes in a row', () => {
  it('is set aside at the next start with a notice, and never fetched again by itself', async () => {
    const dataDir = join(work, 'data');
    const options = { dataDir, secretsFile: join(work, 'keychain.json'), baseUrl: sandbox.baseUrl, key: KEY, total: 1 };

    for (let crash = 1; crash <= 2; crash++) {
      const run = startCoreProcess({ ...options, holdResults: true });
      expect(await waitForLine(run, (l) => l.event === 'fetching-result', 60_000), `run ${crash} reached the result`).toBe(true);
      await killHard(run);
    }

    const third = startCoreProcess(options);
    const fetched: unknown[] = [];
    third.lines.on('line', (line) => line.includes('"fetching-result"') && fetched.push(line));
    const notice = waitForLine(third, (l) => l.event === 'notice' && String(l.message).includes('set aside'), 60_000);
    expect(await waitForLine(third, (l) => l.event === 'state' && l.state === 'failed', 60_000), 'the task ended').toBe(true);
    expect(await notice, 'a notice said so').toBe(true);
    third.child.stdin!.end();
    await third.exited;

    const taskDir = join(dataDir, 'tasks');
    const [name] = (await readdir(taskDir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    const record = JSON.parse(await readFile(join(taskDir, name!), 'utf8')) as { state: string; error: { code: string; message: string }; stepCrashes: number; remote: unknown };
    expect(record).toMatchObject({ state: 'failed', error: { code: 'set-aside' }, stepCrashes: 0 });
    // Neither run got the bytes, so nothing is kept; the words say Retry fetches it (no new charge: it is resumed).
    expect(record.error.message).toMatch(/stopped twice in a row while fetching this result/);
    expect(record.remote).not.toBeNull();
    expect(fetched, 'the third start did not fetch it').toEqual([]);
  }, 180_000);
});
