import type { FromSandbox, SandboxAddress, SandboxProcessOptions, ToSandbox } from '../../sandbox/api';

/** The built-in Sandbox running in a process of its own, as the core sees it. */
export interface SandboxProcess {
  /** Its addresses once it listens; rejects when it could not start. */
  readonly ready: Promise<SandboxAddress & { readonly portsMoved: boolean }>;
  readonly pid: number | undefined;
  /** Called once when the process ends, asked to or not; `code` null when a signal ended it. */
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  /** Asks it to close its connections and exit; kills it if it has not within a few seconds. */
  close(): Promise<void>;
}

/** Starts the Sandbox's process: a forked Node process, or Electron's utility process in the app. */
export type SandboxLauncher = (options: SandboxProcessOptions) => SandboxProcess;

/** One child process as a launcher reaches it. */
export interface ChildChannel {
  readonly pid: number | undefined;
  post(message: ToSandbox): void;
  onMessage(listener: (message: FromSandbox) => void): void;
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  kill(): void;
}

/** A Sandbox that has not exited a few seconds after being asked to close is killed: the app's quit must not wait. */
const CLOSE_GRACE_MS = 5000;

/** The one protocol both launchers speak: options in, addresses out, close on request. */
export function sandboxOver(child: ChildChannel, options: SandboxProcessOptions): SandboxProcess {
  let exited: { code: number | null; signal: string | null } | undefined;
  const exitListeners: Array<(code: number | null, signal: string | null) => void> = [];
  const gone = new Promise<void>((resolve) => {
    child.onExit((code, signal) => {
      exited = { code, signal };
      for (const listener of exitListeners) listener(code, signal);
      resolve();
    });
  });
  const ready = new Promise<SandboxAddress & { portsMoved: boolean }>((resolve, reject) => {
    child.onMessage((message) => {
      if (message.type === 'ready') resolve(message);
      else reject(new Error(`The built-in Sandbox could not start: ${message.message}`));
    });
    void gone.then(() => reject(new Error(`The built-in Sandbox stopped before it started (${exitWords(exited!.code, exited!.signal)}).`)));
  });
  child.post({ type: 'start', options });
  return {
    ready,
    get pid() {
      return child.pid;
    },
    onExit: (listener) => {
      if (exited) listener(exited.code, exited.signal);
      else exitListeners.push(listener);
    },
    close: async () => {
      if (exited) return;
      try {
        child.post({ type: 'close' });
      } catch {
        // Its channel is already closed: it is on its way out.
      }
      const timer = setTimeout(() => child.kill(), CLOSE_GRACE_MS);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** How a process ended, in words for a notice. */
export function exitWords(code: number | null, signal: string | null): string {
  if (signal) return `it was ended by ${signal}`;
  return code === null ? 'it ended' : `exit code ${code}`;
}
