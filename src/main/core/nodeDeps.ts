import Conf from 'conf';
import type { CoreDeps, Logger, SecretStore, SettingsBackend, SettingsFactory, SettingsOptions } from './deps';
import { systemClock } from './deps';
import { silentLogger } from './log';
import { MemorySecretStore } from './secrets/memorySecretStore';

/** conf is the store electron-store extends; outside Electron it keeps settings in the same file format. */
export const confSettings: SettingsFactory = <T extends Record<string, unknown>>(options: SettingsOptions<T>) =>
  new Conf<T>({
    cwd: options.cwd,
    configName: options.name,
    defaults: options.defaults as T,
    projectName: 'gen-studio',
    projectVersion: options.projectVersion ?? '0.0.0',
    ...(options.migrations ? { migrations: options.migrations as never } : {}),
  }) as unknown as SettingsBackend<T>;

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
    runner: o.runner ?? 'chromium',
    version: process.env.npm_package_version ?? '0.1.0',
    platform: process.platform,
  };
}
