import type { ConnectionInfo } from '../../../shared/ipc/contract';
import { DEFAULT_ENDPOINT_WORD } from '../../../shared/catalog/catalog';
import type { SandboxHandle, SandboxOptions } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/index';
import type { Logger } from '../deps';

export const SANDBOX_CONNECTION_ID = 'sandbox';
/** Spending totals and caps of the built-in connection are kept under this id. */
export const SANDBOX_KEY_ID = 'sandbox';

export const SANDBOX_NOTE =
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

/**
 * The built-in sandbox service, started on a free loopback port the first time the Sandbox connection is
 * used. Its demo key is not a user secret and never goes to the keychain.
 */
export class BuiltinSandbox {
  private starting: Promise<SandboxHandle> | undefined;
  private handle: SandboxHandle | undefined;

  constructor(
    private readonly options: SandboxOptions,
    private readonly log: Logger,
    private readonly onStarted: () => void,
  ) {}

  start(): Promise<SandboxHandle> {
    this.starting ??= startSandbox(this.options).then(
      (handle) => {
        this.handle = handle;
        this.log.info('built-in sandbox started', { baseUrl: handle.baseUrl });
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

  current(): SandboxHandle | undefined {
    return this.handle;
  }

  async close(): Promise<void> {
    const handle = await this.starting?.catch(() => undefined);
    await handle?.close();
  }
}
