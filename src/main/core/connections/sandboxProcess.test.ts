import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../../shared/ipc/contract';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';
import { forkSandbox } from './forkedSandbox';
import type { SandboxLauncher, SandboxProcess } from './sandboxProcess';

/**
 * The built-in Sandbox runs in a process of its own (issue 23 point 5): what it reads cannot grow the app's
 * process, its death is said and mended, and the core's start never waits for it.
 */

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A forking launcher that keeps every process it starts, so the test can find and kill them. */
function recordingLauncher(): { launch: SandboxLauncher; started: SandboxProcess[] } {
  const fork = forkSandbox();
  const started: SandboxProcess[] = [];
  return {
    started,
    launch: (options) => {
      const child = fork(options);
      started.push(child);
      return child;
    },
  };
}

async function waitFor(pred: () => boolean, what: () => string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function coreOnSandbox(launch: SandboxLauncher): Promise<CoreFixture> {
  const dir = await tempDir('sandbox-process');
  cleanup.push(dir.remove);
  const fx = await startCore({ dataDir: dir.path, deps: { sandboxOptions: { timing: 'instant' }, sandboxLauncher: launch } });
  cleanup.push(() => fx.core.dispose());
  return fx;
}

async function runOne(fx: CoreFixture, prompt: string): Promise<void> {
  const task = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt, width: 256, height: 256 }, inputs: {} });
  await waitFor(() => fx.tasks.get(task.id)?.state === 'done', () => `${fx.tasks.get(task.id)?.state}: ${fx.tasks.get(task.id)?.detail}`);
}

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(MB, 0x61);

/**
 * POSTs `bytes` to `url`, written from one reused megabyte (this process holds none of it), calling `sample`
 * after each megabyte; resolves with the status, or 0 when the Sandbox closed the connection first.
 */
function post(url: string, headers: Record<string, string>, head: string, bytes: number, tail: string, sample: () => void): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(head.length + bytes + tail.length) } });
    let status = 0;
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => resolve(status));
    });
    req.on('error', () => resolve(status));
    req.write(head);
    let left = bytes;
    const pump = (): void => {
      while (left > 0) {
        if (req.destroyed || status) return;
        const part = left >= MB ? CHUNK : CHUNK.subarray(0, left);
        left -= part.length;
        sample();
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

describe('the built-in Sandbox in its own process', () => {
  it('reads large bodies without growing the core: twelve keyless 80 MB text/plain POSTs and four 40 MB JSON bodies', async () => {
    const { launch, started } = recordingLauncher();
    const fx = await coreOnSandbox(launch);
    await runOne(fx, 'warm up');
    expect(started).toHaveLength(1);
    expect(started[0]!.pid).not.toBe(process.pid);
    const base = (await fx.ok('connections.active')).baseUrl!;

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sample = () => void (peak = Math.max(peak, process.memoryUsage().rss));
    // The kind any web page can send to a loopback port: answered before the body is read.
    const keyless = await Promise.all(
      Array.from({ length: 12 }, () => post(`${base}/v1/gen-dev`, { 'content-type': 'text/plain' }, '', 80 * MB, '', sample)),
    );
    expect(keyless.every((status) => status === 401 || status === 0)).toBe(true);
    // With the key and as JSON, every byte is read and parsed: 160 MB held at once, in the Sandbox's process.
    const keyed = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(`${base}/v1/gen-dev`, { 'content-type': 'application/json', 'x-key': 'sandbox-demo-key' }, '{"prompt":"x","width":"', 40 * MB, '"}', sample),
      ),
    );
    expect(keyed).toEqual([422, 422, 422, 422]);
    sample();
    // In the core's process, the same four bodies alone took more than 160 MB.
    expect((peak - baseline) / MB).toBeLessThan(64);
    await runOne(fx, 'still answering');
  }, 120_000);

  it('says when its process dies and starts it again; new tasks run on the new one', async () => {
    const { launch, started } = recordingLauncher();
    const fx = await coreOnSandbox(launch);
    await runOne(fx, 'before');
    process.kill(started[0]!.pid!, 'SIGKILL');

    const notices = () => fx.events.filter((e) => e.channel.endsWith('notice')).map((e) => (e.payload as Notice).message);
    await waitFor(() => notices().some((m) => m.includes('Sandbox stopped')), () => notices().join(' | '));
    expect(notices().find((m) => m.includes('Sandbox stopped'))).toBe(
      'The built-in Sandbox stopped (it was ended by SIGKILL); it is starting again. Sandbox tasks that were under way are lost: send them again.',
    );
    await waitFor(() => started.length === 2, () => `${started.length} started`);
    await started[1]!.ready;
    await runOne(fx, 'after');
    expect(started[1]!.pid).not.toBe(started[0]!.pid);
  }, 120_000);

  it('never holds up the core: a Sandbox that does not start leaves the core started and answering', async () => {
    let launched = 0;
    const never: SandboxLauncher = () => {
      launched++;
      return { ready: new Promise(() => {}), pid: undefined, onExit: () => {}, close: async () => {} };
    };
    const fx = await coreOnSandbox(never);
    expect(launched).toBe(0);
    // Started on first use, in the background: the probe of the connection asks for it, and nothing waits.
    expect((await fx.ok('connections.list'))[0]).toMatchObject({ id: 'sandbox', baseUrl: null });
    expect(await fx.ok('app.notices')).toEqual([]);
  });
});
