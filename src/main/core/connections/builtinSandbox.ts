import type { ConnectionInfo } from '../../../shared/ipc/contract';
import { english } from '../../../shared/i18n/say';
import { words } from '../../../shared/i18n/words';
import { DEFAULT_ENDPOINT_WORD } from '../../../shared/catalog/catalog';
import type { SandboxAddress, SandboxProcessOptions } from '../../sandbox/api';
import { exitWords, type SandboxLauncher, type SandboxProcess } from './sandboxProcess';
import type { Logger } from '../deps';
import { SANDBOX_CONNECTION_ID } from '../../../shared/connections/builtinIds';
import type { SandboxPorts } from '../settings/schema';

const SANDBOX_NOTE = words('connection.sandboxNote');

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
    note: english(SANDBOX_NOTE),
    noteWords: SANDBOX_NOTE,
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

/** What the built-in Sandbox tells the rest of the core. */
export interface SandboxEvents {
  /** It started or its process ended: its addresses changed. */
  changed(): void;
  /** Its process ended without being asked to: the user is told, in words. */
  stopped(message: string): void;
}

/**
 * The built-in sandbox service, started in a process of its own (`SandboxLauncher`) on a loopback port the first
 * time the Sandbox connection is used. It tries the ports it had last time first, so polling addresses written
 * into task records stay on it across a restart (its tasks do not: it keeps them in memory). Its demo key is not
 * a user secret and never goes to the keychain. If its process dies, the user is told and it is started again
 * at once when it had been running, so that polling tasks find it (and learn their tasks are gone).
 */
export class BuiltinSandbox {
  private starting: Promise<SandboxAddress> | undefined;
  private address: SandboxAddress | undefined;
  private running: SandboxProcess | undefined;
  private closed = false;

  constructor(
    private readonly options: SandboxProcessOptions,
    private readonly launch: SandboxLauncher,
    private readonly log: Logger,
    private readonly events: SandboxEvents,
    private readonly ports?: SandboxPortMemory,
  ) {}

  start(): Promise<SandboxAddress> {
    if (this.closed) return Promise.reject(new Error('The built-in Sandbox is closed: Gen Studio is quitting.'));
    this.starting ??= this.listen().then(
      (address) => {
        this.address = address;
        this.log.info('built-in sandbox started', { baseUrl: address.baseUrl, pid: this.running?.pid });
        this.remember(address);
        this.events.changed();
        return address;
      },
      (error: unknown) => {
        this.starting = undefined;
        throw error;
      },
    );
    return this.starting;
  }

  private async listen(): Promise<SandboxAddress> {
    const previous = this.options.port === undefined ? this.ports?.load() : null;
    const child = this.launch({ ...this.options, ...(previous ? { preferredPorts: previous } : {}) });
    this.running = child;
    child.onExit((code, signal) => this.exited(child, code, signal));
    const { portsMoved, ...address } = await child.ready;
    if (portsMoved) this.log.warn('built-in sandbox: last ports unavailable; using new ones', {});
    return address;
  }

  private exited(child: SandboxProcess, code: number | null, signal: string | null): void {
    if (this.closed || child !== this.running) return;
    const wasRunning = this.address !== undefined;
    this.running = undefined;
    this.address = undefined;
    this.starting = undefined;
    this.log.warn('built-in sandbox process ended', { code, signal });
    if (!wasRunning) return; // its start fails and says why
    this.events.stopped(
      `The built-in Sandbox stopped (${exitWords(code, signal)}); it is starting again. Sandbox tasks that were under way are lost: send them again.`,
    );
    this.events.changed();
    this.start().catch((error: unknown) => {
      this.events.stopped(`The built-in Sandbox could not start again: ${error instanceof Error ? error.message : String(error)}. It tries again the next time it is used.`);
    });
  }

  private remember(address: SandboxAddress): void {
    if (!this.ports) return;
    const ports = { base: portOf(address.baseUrl), regional: portOf(address.regionalBaseUrl) };
    const previous = this.ports.load();
    if (previous?.base === ports.base && previous.regional === ports.regional) return;
    try {
      this.ports.save(ports);
    } catch (error) {
      this.log.warn('built-in sandbox: could not remember its ports', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  current(): SandboxAddress | undefined {
    return this.address;
  }

  /** The process's id while one runs (tests end it to see the core recover). */
  pid(): number | undefined {
    return this.running?.pid;
  }

  async close(): Promise<void> {
    this.closed = true;
    // Not its start: a process still starting is closed (or killed) all the same.
    await this.running?.close();
  }
}
