import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SandboxProcessOptions } from '../../sandbox/api';
import { sandboxOver, type SandboxLauncher, type SandboxProcess } from './sandboxProcess';

/** The Sandbox process's entry in the source tree, run through tsx. */
const SOURCE_ENTRY = fileURLToPath(new URL('../../sandbox/process/entry.ts', import.meta.url));

/**
 * The plain-Node core's Sandbox (tests, the Chromium runner, benchmarks): a forked Node process. A bundled entry
 * (`.js`) runs as it is; the source entry runs through tsx, whose loader is found from here so that the
 * working directory does not matter.
 */
export function forkSandbox(entry: string = SOURCE_ENTRY): SandboxLauncher {
  return (options: SandboxProcessOptions): SandboxProcess => {
    const execArgv = entry.endsWith('.ts') ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
    // Its own execArgv, not the parent's: a test runner's flags are not the Sandbox's.
    const child = fork(entry, [], { execArgv, serialization: 'json', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return sandboxOver(
      {
        pid: child.pid,
        post: (message) => void child.send(message),
        onMessage: (listener) => child.on('message', (message) => listener(message as Parameters<typeof listener>[0])),
        onExit: (listener) => child.once('exit', (code, signal) => listener(code, signal)),
        kill: () => void child.kill('SIGKILL'),
      },
      options,
    );
  };
}
