import { randomUUID } from 'node:crypto';
import { DEFAULT_ENDPOINT_WORD, isValidEndpointWord } from '../../../shared/catalog/catalog';
import type { ConnectionInfo, NewConnection } from '../../../shared/ipc/contract';
import { english } from '../../../shared/i18n/say';
import { words, type Words } from '../../../shared/i18n/words';
import type { Logger } from '../deps';
import type { ConfirmKeyDestination } from './keyDestinationQuestion';
import { KeyDestinations, type KeyRef } from './keyDestinations';
import { silentLogger } from '../log';
import { account } from '../i18n/accountRefusals';
import { refusedWith } from '../i18n/refusal';
import type { SecretVault } from '../secrets/secretVault';
import type { ConnectionRecord } from '../settings/schema';
import type { SettingsService } from '../settings/settingsService';
import { SANDBOX_CONNECTION_ID, SANDBOX_KEY_ID } from '../../../shared/connections/builtinIds';
import { sandboxConnection, type BuiltinSandbox } from './builtinSandbox';
import { checkBaseUrl, originOf, pollingVerdict, registrableDomain } from './urlPolicy';

/** A connection's note in words, and their English. */
const noteOf = (said: Words): Pick<ConnectionInfo, 'note' | 'noteWords'> => ({ note: english(said), noteWords: said });

/** Everything a request needs: addresses, the endpoint word, and the key with the origins it may go to. */
export interface ResolvedConnection {
  readonly id: string;
  readonly label: string;
  readonly kind: 'sandbox' | 'service';
  readonly baseUrl: string;
  /** `{base_url_us}`: where delete_finetune lives; the base URL when none is set */
  readonly regionalBaseUrl: string;
  readonly endpointWord: string;
  readonly keyId: string;
  readonly keyLabel: string | null;
  readonly secret: string;
  readonly origins: ReadonlySet<string>;
  /** The key as the destinations list knows it (null for the Sandbox's demo key). */
  readonly keyRef?: KeyRef | null;
  /** Origins the user allowed this key to go to beyond its connection's own (polling hosts). */
  readonly allowedOrigins?: ReadonlySet<string>;
}

export function cleanConnectionInput(input: Partial<NewConnection>): Partial<NewConnection> {
  const out: { -readonly [K in keyof NewConnection]?: NewConnection[K] } = {};
  if (input.label !== undefined) out.label = input.label.trim();
  if (input.baseUrl !== undefined) {
    const base = checkBaseUrl(input.baseUrl);
    if (!base.ok) throw refusedWith('validation', base.words, [{ loc: ['body', 'baseUrl'], msg: base.message, type: 'value_error' }]);
    out.baseUrl = base.url;
  }
  if (input.regionalBaseUrl !== undefined) {
    if (input.regionalBaseUrl === null || input.regionalBaseUrl.trim() === '') out.regionalBaseUrl = null;
    else {
      const regional = checkBaseUrl(input.regionalBaseUrl, 'regional');
      if (!regional.ok) {
        throw refusedWith('validation', regional.words, [{ loc: ['body', 'regionalBaseUrl'], msg: regional.message, type: 'value_error' }]);
      }
      out.regionalBaseUrl = regional.url;
    }
  }
  if (input.endpointWord !== undefined) {
    const word = input.endpointWord.trim() || DEFAULT_ENDPOINT_WORD;
    if (!isValidEndpointWord(word)) {
      throw refusedWith('validation', account.endpointWord, [{ loc: ['body', 'endpointWord'], msg: english(account.endpointWord), type: 'value_error' }]);
    }
    out.endpointWord = word;
  }
  return out;
}

/**
 * The built-in Sandbox and the service connections the user adds. The Sandbox is active until the user adds
 * a key; a service connection cannot be made active without one.
 */
export class ConnectionService {
  /** Resolved connections by `connection:key`, dropped whenever settings change; polls resolve one each time. */
  private readonly resolved = new Map<string, ResolvedConnection>();
  /** Resolutions on their way: the tasks that wait on one key share its one read of the keychain. */
  private readonly resolving = new Map<string, Promise<ResolvedConnection>>();
  /** Where each key may be sent (kept in the keychain beside it), and the dialog that widens it. */
  readonly destinations: KeyDestinations;

  constructor(
    private readonly settings: SettingsService,
    private readonly vault: SecretVault,
    private readonly sandbox: BuiltinSandbox,
    private readonly changed: () => void,
    options: { readonly confirm?: ConfirmKeyDestination; readonly log?: Logger } = {},
  ) {
    this.destinations = new KeyDestinations(vault, options.confirm, options.log ?? silentLogger);
    settings.subscribe(() => this.forgetResolved());
  }

  private records(): ConnectionRecord[] {
    return this.settings.get().connections;
  }

  private info(r: ConnectionRecord, activeId: string): ConnectionInfo {
    const key = this.settings.get().keys.find((k) => k.id === r.keyId);
    return {
      id: r.id,
      label: r.label,
      kind: 'service',
      baseUrl: r.baseUrl,
      regionalBaseUrl: r.regionalBaseUrl,
      endpointWord: r.endpointWord,
      keyLabel: key?.label ?? null,
      keyHint: key?.hint ?? null,
      active: r.id === activeId,
      ...noteOf(key ? words('main.connection.chargedTo', { account: [key.organization, key.project].filter(Boolean).join(' / ') || key.label }) : words('main.connection.noKey')),
    };
  }

  activeId(): string {
    return this.settings.get().activeConnectionId;
  }

  list(): ConnectionInfo[] {
    const activeId = this.activeId();
    const sandbox = this.sandbox.current();
    return [
      sandboxConnection(sandbox?.baseUrl ?? null, sandbox?.regionalBaseUrl ?? null, activeId === SANDBOX_CONNECTION_ID),
      ...this.records().map((r) => this.info(r, activeId)),
    ];
  }

  get(id: string): ConnectionInfo {
    const found = this.list().find((c) => c.id === id);
    if (!found) throw refusedWith('not-found', account.connectionGone);
    return found;
  }

  active(): ConnectionInfo {
    return this.list().find((c) => c.active) ?? this.list()[0]!;
  }

  add(input: NewConnection): ConnectionInfo {
    const clean = cleanConnectionInput(input) as NewConnection;
    const record: ConnectionRecord = {
      id: randomUUID(),
      label: clean.label,
      baseUrl: clean.baseUrl,
      regionalBaseUrl: clean.regionalBaseUrl ?? null,
      endpointWord: clean.endpointWord ?? DEFAULT_ENDPOINT_WORD,
      keyId: null,
    };
    this.settings.update((s) => void s.connections.push(record));
    this.changed();
    return this.get(record.id);
  }

  update(id: string, patch: Partial<NewConnection>): ConnectionInfo {
    if (id === SANDBOX_CONNECTION_ID) throw refusedWith('conflict', account.sandboxFixed);
    const clean = cleanConnectionInput(patch);
    this.settings.update((s) => {
      const record = s.connections.find((c) => c.id === id);
      if (!record) throw refusedWith('not-found', account.connectionGone);
      Object.assign(record, clean);
    });
    this.changed();
    return this.get(id);
  }

  remove(id: string): boolean {
    if (id === SANDBOX_CONNECTION_ID) throw refusedWith('conflict', account.sandboxKept);
    const s = this.settings.get();
    if (!s.connections.some((c) => c.id === id)) return false;
    if (s.keys.some((k) => k.connectionId === id)) throw refusedWith('conflict', account.hasKeys);
    this.settings.update((d) => {
      d.connections = d.connections.filter((c) => c.id !== id);
      if (d.activeConnectionId === id) d.activeConnectionId = SANDBOX_CONNECTION_ID;
    });
    this.changed();
    return true;
  }

  activate(id: string): ConnectionInfo {
    if (id !== SANDBOX_CONNECTION_ID) {
      const record = this.records().find((c) => c.id === id);
      if (!record) throw refusedWith('not-found', account.connectionGone);
      if (!record.keyId) throw refusedWith('conflict', account.noKeyYet(record.label));
    }
    this.settings.update((s) => void (s.activeConnectionId = id));
    this.changed();
    return this.get(id);
  }

  /** The key id spending is counted under for a connection's current key (`sandbox` for the Sandbox). */
  keyIdOf(connectionId: string): string | null {
    if (connectionId === SANDBOX_CONNECTION_ID) return SANDBOX_KEY_ID;
    return this.records().find((c) => c.id === connectionId)?.keyId ?? null;
  }

  /** A connection's base address, without its key (the offline probe): never asks about the key's destinations. */
  async addressOf(connectionId: string): Promise<string> {
    if (connectionId === SANDBOX_CONNECTION_ID) return (await this.sandbox.start()).baseUrl;
    const record = this.records().find((c) => c.id === connectionId);
    if (!record) throw refusedWith('not-found', account.taskConnectionGone);
    return record.baseUrl;
  }

  /**
   * Why the key of `conn` may not go to a polling address, or null when it may (urlPolicy's `pollingVerdict`).
   * With `ask`, a secure host outside the connection's domain is put to the user, and a yes is remembered for
   * the key; `check` never asks (a stored record re-checked at start-up or on a later poll).
   */
  async pollingRefusal(conn: ResolvedConnection, pollingUrl: string | null, mode: 'ask' | 'check'): Promise<string | null> {
    if (!pollingUrl) return 'The service gave no polling address for this task.';
    const verdict = pollingVerdict(pollingUrl, { baseUrl: conn.baseUrl, regionalBaseUrl: conn.regionalBaseUrl, allowedOrigins: conn.allowedOrigins ?? new Set() });
    if (verdict.ok) return null;
    if (verdict.reason !== 'foreign' || mode === 'check' || !conn.keyRef) return verdict.message;
    const ownDomain = registrableDomain(new URL(conn.baseUrl).hostname) ?? new URL(conn.baseUrl).host;
    const yes = await this.destinations.allowPollingHost(conn.keyRef, conn.label, new URL(pollingUrl).origin, ownDomain);
    if (!yes) return verdict.message;
    this.forgetResolved();
    return null;
  }

  private generation = 0;

  private forgetResolved(): void {
    this.generation++;
    this.resolved.clear();
    this.resolving.clear();
  }

  /**
   * What a request needs to reach a connection with a given key (the connection's current key when none is
   * given); starts the built-in sandbox when it is the one asked for.
   */
  async resolve(connectionId: string, keyId?: string): Promise<ResolvedConnection> {
    // Not kept: the Sandbox's process may be started again on other ports, and asking it costs nothing once up.
    if (connectionId === SANDBOX_CONNECTION_ID) return this.resolveFresh(connectionId, keyId);
    const cacheKey = `${connectionId}:${keyId ?? ''}`;
    const cached = this.resolved.get(cacheKey);
    if (cached) return cached;
    let pending = this.resolving.get(cacheKey);
    if (!pending) {
      const generation = this.generation;
      pending = this.resolveFresh(connectionId, keyId)
        .then((fresh) => {
          // A change of settings meanwhile (a key removed) makes this answer stale: used once, not kept.
          if (generation === this.generation) this.resolved.set(cacheKey, fresh);
          return fresh;
        })
        .finally(() => this.resolving.delete(cacheKey));
      this.resolving.set(cacheKey, pending);
    }
    return pending;
  }

  private async resolveFresh(connectionId: string, keyId?: string): Promise<ResolvedConnection> {
    if (connectionId === SANDBOX_CONNECTION_ID) {
      const handle = await this.sandbox.start();
      return {
        id: SANDBOX_CONNECTION_ID,
        label: 'Sandbox',
        kind: 'sandbox',
        baseUrl: handle.baseUrl,
        regionalBaseUrl: handle.regionalBaseUrl,
        endpointWord: DEFAULT_ENDPOINT_WORD,
        keyId: SANDBOX_KEY_ID,
        keyLabel: null,
        secret: handle.demoKey,
        origins: new Set([originOf(handle.baseUrl)!, originOf(handle.regionalBaseUrl)!]),
      };
    }
    const settings = this.settings.get();
    const record = settings.connections.find((c) => c.id === connectionId);
    if (!record) throw refusedWith('not-found', account.taskConnectionGone);
    const id = keyId ?? record.keyId;
    const key = settings.keys.find((k) => k.id === id);
    if (!key) throw refusedWith('not-found', account.keyGone(record.label));
    if (key.removalPending) {
      throw refusedWith('not-found', account.keyBeingRemoved(key.label, record.label));
    }
    const read = await this.vault.read(key.id, key.storage);
    if (read.kind === 'unreachable') {
      throw refusedWith('unavailable', account.keychainSilent(key.label, this.vault.status().backend));
    }
    if (read.kind === 'absent') {
      throw refusedWith('unavailable', key.storage === 'session' ? account.sessionKeyGone(key.label) : account.keyNotInKeychain(key.label, this.vault.status().backend));
    }
    const secret = read.secret;
    const regional = record.regionalBaseUrl ?? record.baseUrl;
    const origins = new Set([originOf(record.baseUrl)!, originOf(regional)!]);
    // The key goes to the connection's addresses only if they are where it was added for, or the user says so.
    const keyRef = { id: key.id, label: key.label, storage: key.storage };
    await this.destinations.require(keyRef, record.label, [...origins]);
    return {
      id: record.id,
      label: record.label,
      kind: 'service',
      baseUrl: record.baseUrl,
      regionalBaseUrl: regional,
      endpointWord: record.endpointWord,
      keyId: key.id,
      keyLabel: key.label,
      secret,
      origins,
      keyRef,
      allowedOrigins: (await this.destinations.allowed(keyRef)) ?? new Set(),
    };
  }
}
