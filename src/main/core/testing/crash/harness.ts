import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { build } from 'esbuild';

/**
 * What the crash tests share: the core and the Sandbox as processes of their own (bundled once, so a restart
 * costs a process start and not a TypeScript compile), and waiting on the JSON lines they print.
 */

const root = resolve(import.meta.dirname, '../../../../..');
const outDir = join(root, 'node_modules', '.cache', 'crash-test');

/** The core-as-a-process scripts: tasks one by one, or a prompt matrix. */
const CORE_SCRIPTS = ['coreProcess', 'exploreCoreProcess'] as const;
export type CoreScript = (typeof CORE_SCRIPTS)[number];

export async function bundleCrashProcesses(): Promise<void> {
  await build({
    entryPoints: CORE_SCRIPTS.map((name) => join(import.meta.dirname, `${name}.ts`)).concat(join(import.meta.dirname, 'sandboxProcess.ts')),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
}

export const nextLine = (lines: Interface, timeoutMs: number): Promise<string> =>
  new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error('no answer')), timeoutMs);
    lines.once('line', (line) => {
      clearTimeout(timer);
      res(line);
    });
  });

export interface SandboxRun {
  readonly child: ChildProcess;
  readonly lines: Interface;
  readonly baseUrl: string;
}

/** The Sandbox in its own process (see sandboxProcess.ts), started with `options`. */
export async function startSandboxProcess(options: Record<string, unknown>): Promise<SandboxRun> {
  const child = spawn(process.execPath, [join(outDir, 'sandboxProcess.js'), JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const baseUrl = (JSON.parse(await nextLine(lines, 30_000)) as { baseUrl: string }).baseUrl;
  return { child, lines, baseUrl };
}

export interface CoreRun {
  readonly child: ChildProcess;
  readonly lines: Interface;
  readonly exited: Promise<void>;
}

/** The core in its own process (coreProcess.ts unless another script is named), started with `options`. */
export function startCoreProcess(options: Record<string, unknown>, script: CoreScript = 'coreProcess'): CoreRun {
  const child = spawn(process.execPath, [join(outDir, `${script}.js`), JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  return { child, lines: createInterface({ input: child.stdout! }), exited };
}

/** Resolves when the core prints a line `matches` accepts, or after `timeoutMs` or its exit (false). */
export const waitForLine = (run: CoreRun, matches: (line: Record<string, unknown>) => boolean, timeoutMs: number): Promise<boolean> =>
  new Promise((res) => {
    const timer = setTimeout(() => finish(false), timeoutMs);
    const onLine = (line: string) => {
      try {
        if (matches(JSON.parse(line) as Record<string, unknown>)) finish(true);
      } catch {
        /* not one of ours */
      }
    };
    const finish = (hit: boolean) => {
      clearTimeout(timer);
      run.lines.off('line', onLine);
      run.child.off('exit', onExit);
      res(hit);
    };
    const onExit = () => finish(false);
    run.lines.on('line', onLine);
    run.child.once('exit', onExit);
  });

/** Kills the core with SIGKILL (no chance to tidy up, as a crash) and waits for it to be gone. */
export async function killHard(run: CoreRun): Promise<void> {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  await run.exited;
}
