import { utilityProcess } from 'electron';
import type { SandboxProcessOptions, ToSandbox } from '../sandbox/api';
import { sandboxOver, type SandboxLauncher, type SandboxProcess } from '../core/connections/sandboxProcess';

/**
 * The app's Sandbox: an Electron utility process running the bundled entry (out/main/sandbox.js, emitted by
 * electron.vite.config.ts), so nothing it reads or draws can stall or grow the main process.
 */
export function utilitySandbox(entry: string): SandboxLauncher {
  return (options: SandboxProcessOptions): SandboxProcess => {
    const child = utilityProcess.fork(entry, [], { serviceName: 'Gen Studio Sandbox', stdio: 'inherit' });
    // Messages wait for the process to exist.
    let waiting: ToSandbox[] | undefined = [];
    child.once('spawn', () => {
      for (const message of waiting ?? []) child.postMessage(message);
      waiting = undefined;
    });
    return sandboxOver(
      {
        get pid() {
          return child.pid;
        },
        post: (message) => (waiting ? void waiting.push(message) : child.postMessage(message)),
        onMessage: (listener) => child.on('message', (message) => listener(message as Parameters<typeof listener>[0])),
        // A utility process's exit gives a code only; a crash shows as a code other than 0.
        onExit: (listener) => child.once('exit', (code) => listener(code, null)),
        kill: () => void child.kill(),
      },
      options,
    );
  };
}
