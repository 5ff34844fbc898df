import type { CoreDeps, Logger, SecretStore } from './deps';
import { systemClock } from './deps';
import { forkSandbox } from './connections/forkedSandbox';
import { silentLogger } from './log';
import { MemorySecretStore } from './secrets/memorySecretStore';
import { confSettings } from './settings/confSettings';

export interface NodeDepsOptions {
  readonly dataDir: string;
  readonly mediaBase: string;
  readonly runner?: CoreDeps['runner'];
  readonly secrets?: SecretStore;
  readonly log?: Logger;
  readonly fetch?: typeof fetch;
  readonly openExternal?: (url: string) => Promise<void>;
  readonly openPath?: (path: string) => Promise<string>;
  readonly sandboxOptions?: CoreDeps['sandboxOptions'];
}

/** The core's dependencies in plain Node: for tests, the browser harness and command-line tools. */
export function nodeDeps(o: NodeDepsOptions): CoreDeps {
  return {
    dataDir: o.dataDir,
    settings: confSettings,
    secrets: o.secrets ?? new MemorySecretStore(),
    fetch: o.fetch ?? globalThis.fetch.bind(globalThis),
    clock: systemClock,
    log: o.log ?? silentLogger,
    mediaBase: o.mediaBase,
    openExternal: o.openExternal ?? (async () => {}),
    openPath: o.openPath ?? (async () => 'Opening folders is not available here.'),
    ...(o.sandboxOptions ? { sandboxOptions: o.sandboxOptions } : {}),
    sandboxLauncher: forkSandbox(),
    runner: o.runner ?? 'chromium',
    version: process.env.npm_package_version ?? '0.1.0',
    platform: process.platform,
  };
}
