import type { ConnectionInfo } from '../../../shared/ipc/contract';
import { DEFAULT_ENDPOINT_WORD } from '../../../shared/catalog/catalog';
import type { SandboxHandle, SandboxOptions } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/index';
import type { Logger } from '../deps';
import { SANDBOX_CONNECTION_ID } from './builtinIds';
import type { SandboxPorts } from '../settings/schema';

// Re-exported for the task engine, which is being split as this lands; import it from builtinIds.ts instead.

const SANDBOX_NOTE =
  'Built-in offline service: every workflow runs end to end, outputs are placeholders made from your inputs, ' +
  'and costs are simulated.';

/** The connection the app uses until the user adds a key. */
export function sandboxConnection(baseUrl: string | null, regionalBaseUrl: string | null, active: boolean): ConnectionInfo {
  return {
    id: SANDBOX_CONNECTION_ID,
    label: 'Sandbox',
    kind: 'sandbox',
    baseUrl,
    regionalBaseUrl,
    endpointWord: DEFAULT_ENDPOINT_WORD,
    keyLabel: null,
    keyHint: null,
    active,
    note: SANDBOX_NOTE,
  };
}

/** Where the Sandbox's ports of last time are kept (settings), so its addresses survive a restart. */
export interface SandboxPortMemory {
  load(): SandboxPorts | null;
  save(ports: SandboxPorts): void;
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/**
 * The built-in sandbox service, started on a loopback port the first time the Sandbox connection is used. It
 * tries the ports it had last time first, so polling addresses written into task records stay on it across a
 * restart (its tasks do not: it keeps them in memory). Its demo key is not a user secret and never goes to the
 * keychain.
 */
export class BuiltinSandbox {
  private starting: Promise<SandboxHandle> | undefined;
  private handle: SandboxHandle | undefined;

  constructor(
    private readonly options: SandboxOptions,
    private readonly log: Logger,
    private readonly onStarted: () => void,
    private readonly ports?: SandboxPortMemory,
  ) {}

  start(): Promise<SandboxHandle> {
    this.starting ??= this.listen().then(
      (handle) => {
        this.handle = handle;
        this.log.info('built-in sandbox started', { baseUrl: handle.baseUrl });
        this.remember(handle);
        this.onStarted();
        return handle;
      },
      (error: unknown) => {
        this.starting = undefined;
        throw error;
      },
    );
    return this.starting;
  }

  private async listen(): Promise<SandboxHandle> {
    const previous = this.options.port === undefined ? this.ports?.load() : null;
    if (previous) {
      try {
        return await startSandbox({ ...this.options, port: previous.base, regionalPort: previous.regional });
      } catch (error) {
        // Taken by another program (or another Gen Studio): any free port will do; its old tasks are gone anyway.
        this.log.warn('built-in sandbox: last ports unavailable; using new ones', { error: error instanceof Error ? error.message : String(error) });
      }
    }
    return startSandbox(this.options);
  }

  private remember(handle: SandboxHandle): void {
    if (!this.ports) return;
    const ports = { base: portOf(handle.baseUrl), regional: portOf(handle.regionalBaseUrl) };
    const previous = this.ports.load();
    if (previous?.base === ports.base && previous.regional === ports.regional) return;
    try {
      this.ports.save(ports);
    } catch (error) {
      this.log.warn('built-in sandbox: could not remember its ports', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  current(): SandboxHandle | undefined {
    return this.handle;
  }

  async close(): Promise<void> {
    const handle = await this.starting?.catch(() => undefined);
    await handle?.close();
  }
}
