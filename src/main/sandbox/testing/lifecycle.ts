import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SandboxHandle, SandboxOptions } from '../api';
import { startSandbox } from '../index';
import { sandboxClient, type SandboxClient } from './client';

export interface StartedSandbox {
  readonly sandbox: SandboxHandle;
  readonly client: SandboxClient;
}

/**
 * For tests that each need their own sandbox (their own keys, failures or timing): `start(options)` inside a
 * test; the sandbox is closed after it, and so is anything registered with `onClose`.
 */
export function sandboxPerTest(): { start: (options?: SandboxOptions) => Promise<StartedSandbox>; onClose: (close: () => Promise<void>) => void } {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  return {
    start: async (options = {}) => {
      const sandbox = await startSandbox(options);
      closers.push(() => sandbox.close());
      return { sandbox, client: sandboxClient(sandbox) };
    },
    onClose: (close) => closers.push(close),
  };
}

/** For a file whose tests share one default sandbox: read `.sandbox` and `.client` inside the tests. */
export function sandboxPerFile(options: SandboxOptions = {}): StartedSandbox {
  let started: StartedSandbox | undefined;
  beforeAll(async () => {
    const sandbox = await startSandbox(options);
    started = { sandbox, client: sandboxClient(sandbox) };
  });
  afterAll(() => started?.sandbox.close());
  const get = (): StartedSandbox => {
    if (!started) throw new Error('the sandbox starts in beforeAll; use it inside a test');
    return started;
  };
  return {
    get sandbox() {
      return get().sandbox;
    },
    get client() {
      return get().client;
    },
  };
}
