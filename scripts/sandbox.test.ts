import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DOC = readFileSync(join(ROOT, 'docs/sandbox.md'), 'utf8');

/** The shell block of docs/sandbox.md between its curl-session markers. */
function curlSession(): string {
  const block = /<!-- curl-session:start -->\s*```sh\n([\s\S]*?)```\s*<!-- curl-session:end -->/.exec(DOC);
  if (!block?.[1]) throw new Error('docs/sandbox.md has no curl session');
  return block[1];
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A port whose next one is free too, for the regional base. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port > 0 && port < 65535 && (await isFree(port + 1))) return port;
  }
}

let child: ChildProcess | undefined;
afterEach(() => {
  // The group may be gone between the check and the kill; that is the outcome we want anyway.
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  child = undefined;
});

/** Starts `npm run sandbox` in its own process group, as a terminal would, and waits for it to be listening. */
async function startCommand(args: string[]): Promise<{ output: () => string; exited: Promise<number | null> }> {
  let output = '';
  const proc = spawn('npm', ['run', '--silent', 'sandbox', '--', ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  // No count of tries: npm and tsx start slowly on a busy machine, and the test's own timeout bounds a hang.
  while (!output.includes('Press Ctrl-C to stop.')) {
    if (proc.exitCode !== null) throw new Error(`the command exited: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(output).toContain('Press Ctrl-C to stop.');
  return { output: () => output, exited };
}

describe('npm run sandbox', () => {
  it('starts, prints its addresses and keys, answers the curl session of docs/sandbox.md, and stops on Ctrl-C', async () => {
    const port = await freePortPair();
    const command = await startCommand(['--port', String(port), '--key', 'script-key', '--timing', 'instant']);
    expect(command.output()).toContain(`base_url     http://127.0.0.1:${port}`);
    expect(command.output()).toContain(`base_url_us  http://127.0.0.1:${port + 1}`);
    expect(command.output()).toContain('demo key     sandbox-demo-key');
    expect(command.output()).toContain('key          script-key');

    const dir = mkdtempSync(join(tmpdir(), 'sandbox-curl-'));
    try {
      const session = curlSession().replaceAll('127.0.0.1:8781', `127.0.0.1:${port + 1}`).replaceAll('127.0.0.1:8780', `127.0.0.1:${port}`);
      const run = spawnSync('bash', ['-eu', '-c', session], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
        // Debian's bash reads bashrc when stdin is a socket (as Node's pipes are) at a low SHLVL, as under
        // dbus-run-session in CI; a closed stdin makes it the plain shell a newcomer types into.
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const lines = run.stdout.trim().split('\n');
      expect(lines[0]).toBe('{"credits":1000}');
      expect(JSON.parse(lines[1]!)).toMatchObject({ polling_url: expect.stringContaining(`http://127.0.0.1:${port}/`), cost: 2.5, output_mp: 0.26 });
      expect(JSON.parse(lines[2]!)).toMatchObject({ status: 'Ready', result: { seed: 42, prompt: 'a lighthouse at dusk' } });
      expect(lines[3]).toMatch(/^200 image\/png \d+ bytes$/);
      const meta = await sharp(join(dir, 'lighthouse.png')).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const credits = await fetch(`http://127.0.0.1:${port}/v1/credits`, { headers: { 'x-key': 'script-key' } });
    expect(await credits.json()).toEqual({ credits: 1000 });

    // Ctrl-C in a terminal signals the whole foreground process group.
    process.kill(-child!.pid!, 'SIGINT');
    await command.exited;
    for (let i = 0; i < 40 && !command.output().includes('Sandbox stopped'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(command.output()).toContain('Sandbox stopped (SIGINT).');
    expect(await isFree(port)).toBe(true);
    expect(await isFree(port + 1)).toBe(true);
  }, 90_000);

  it('refuses a bad option with its usage', () => {
    const run = spawnSync('npm', ['run', '--silent', 'sandbox', '--', '--timing', 'sometimes'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--timing is demo or instant');
    expect(run.stderr).toContain('Usage: npm run sandbox');
  });
});
