import { randomUUID } from 'node:crypto';
import type { AddKeyRequest, KeyInfo, KeyTestResult } from '../../../shared/ipc/contract';
import { AddKeySchema } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { SANDBOX_CONNECTION_ID } from '../connections/builtinIds';
import { cleanConnectionInput, type ConnectionService } from '../connections/connectionService';
import type { Logger } from '../deps';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { SecretVault } from '../secrets/secretVault';
import type { KeyRecord } from '../settings/schema';
import type { SettingsService } from '../settings/settingsService';
import { testKey, type ProbeDeps } from './keyProbe';

const hintOf = (secret: string) => secret.slice(-4);

/**
 * Named keys: a label, the organization and project as the user typed them, and the last four characters.
 * The key itself goes to the vault under the record's id and never comes back out through this service.
 */
export class KeyService {
  private readonly missing = new Set<string>();

  constructor(
    private readonly settings: SettingsService,
    private readonly vault: SecretVault,
    private readonly connections: ConnectionService,
    private readonly probe: ProbeDeps,
    private readonly notices: NoticeBoard,
    private readonly log: Logger,
    private readonly changed: () => void,
  ) {}

  /**
   * Session-only keys from the last run are gone: drop their records, saying so. Keychain keys are read
   * once, so the redactor knows them before anything else runs, and so a key removed outside the app shows.
   */
  async load(): Promise<void> {
    const { keys } = this.settings.get();
    const gone = keys.filter((k) => k.storage === 'session');
    if (gone.length) {
      this.settings.update((s) => {
        s.keys = s.keys.filter((k) => k.storage !== 'session');
        for (const c of s.connections) {
          if (gone.some((k) => k.id === c.keyId)) c.keyId = s.keys.find((k) => k.connectionId === c.id)?.id ?? null;
        }
        if (!s.connections.some((c) => c.id === s.activeConnectionId && c.keyId)) s.activeConnectionId = SANDBOX_CONNECTION_ID;
      });
      this.notices.add(
        'info',
        `${gone.map((k) => `“${k.label}”`).join(', ')} ${gone.length === 1 ? 'was' : 'were'} kept for the last session only and ${gone.length === 1 ? 'is' : 'are'} gone. Add ${gone.length === 1 ? 'it' : 'them'} again to use ${gone.length === 1 ? 'it' : 'them'}.`,
      );
    }
    for (const key of this.settings.get().keys) {
      const secret = await this.vault.get(key.id, key.storage);
      if (!secret) this.missing.add(key.id);
    }
  }

  private info(k: KeyRecord): KeyInfo {
    const s = this.settings.get();
    const connection = s.connections.find((c) => c.id === k.connectionId);
    return {
      id: k.id,
      label: k.label,
      organization: k.organization,
      project: k.project,
      hint: k.hint,
      connectionId: k.connectionId,
      connectionLabel: connection?.label ?? 'removed connection',
      storage: k.storage,
      active: connection?.keyId === k.id && s.activeConnectionId === k.connectionId,
      available: !this.missing.has(k.id),
    };
  }

  private record(id: string): KeyRecord {
    const found = this.settings.get().keys.find((k) => k.id === id);
    if (!found) throw new IpcFailure('not-found', 'That key no longer exists.');
    return found;
  }

  list(): KeyInfo[] {
    return this.settings.get().keys.map((k) => this.info(k));
  }

  async add(request: AddKeyRequest): Promise<KeyInfo> {
    const input = AddKeySchema.parse(request);
    const secret = input.secret.trim();
    for (const [field, value] of [['label', input.label], ['organization', input.organization], ['project', input.project]] as const) {
      if (value.includes(secret) || (secret.length >= 12 && value.includes(secret.slice(0, 12)))) {
        const msg = 'This looks like the key itself. Names are shown on screen; put the key only in the key field.';
        throw new IpcFailure('validation', msg, [{ loc: ['body', field], msg, type: 'value_error' }]);
      }
    }
    const storage = input.sessionOnly ? 'session' : 'keychain';
    if (storage === 'keychain' && !this.vault.status().available) {
      throw new IpcFailure('unavailable', this.vault.status().message);
    }
    const connectionId = 'id' in input.connection ? input.connection.id : undefined;
    if (connectionId !== undefined && !this.settings.get().connections.some((c) => c.id === connectionId)) {
      throw new IpcFailure('not-found', 'That connection no longer exists.');
    }
    if ('create' in input.connection) cleanConnectionInput(input.connection.create);
    const id = randomUUID();
    // The key goes to the vault first: a record without its key would be worse than no record.
    await this.vault.put(id, secret, storage);
    const target = 'create' in input.connection ? this.connections.add(input.connection.create).id : input.connection.id;
    // Where the key may go is written beside it in the keychain: the addresses it was added for, and no others.
    const conn = this.settings.get().connections.find((c) => c.id === target)!;
    await this.connections.destinations
      .allow({ id, label: input.label, storage }, [conn.baseUrl, conn.regionalBaseUrl ?? conn.baseUrl].map((u) => new URL(u).origin))
      .catch((error: unknown) => this.log.warn('could not record where a key may go; it will be asked on first use', { error: error instanceof Error ? error.message : String(error) }));
    const firstKey = this.settings.get().keys.length === 0;
    this.settings.update((s) => {
      s.keys.push({ id, label: input.label, organization: input.organization, project: input.project, hint: hintOf(secret), connectionId: target, storage, createdAt: this.probe.clock.now() });
      const connection = s.connections.find((c) => c.id === target)!;
      connection.keyId ??= id;
      // The Sandbox is the default until the user adds a key.
      if (firstKey) {
        connection.keyId = id;
        s.activeConnectionId = target;
      }
    });
    this.log.info('key added', { id, storage });
    this.changed();
    return this.info(this.record(id));
  }

  update(id: string, patch: { label?: string; organization?: string; project?: string }): KeyInfo {
    this.record(id);
    this.settings.update((s) => {
      const k = s.keys.find((r) => r.id === id)!;
      if (patch.label !== undefined) k.label = patch.label;
      if (patch.organization !== undefined) k.organization = patch.organization;
      if (patch.project !== undefined) k.project = patch.project;
    });
    this.changed();
    return this.info(this.record(id));
  }

  activate(id: string): KeyInfo {
    const key = this.record(id);
    if (this.missing.has(id)) throw new IpcFailure('unavailable', `The key “${key.label}” is not in the keychain any more. Add it again.`);
    this.settings.update((s) => {
      const connection = s.connections.find((c) => c.id === key.connectionId);
      if (!connection) throw new IpcFailure('not-found', 'The connection of this key no longer exists.');
      connection.keyId = id;
      s.activeConnectionId = connection.id;
    });
    this.changed();
    return this.info(this.record(id));
  }

  async remove(id: string): Promise<boolean> {
    const key = this.settings.get().keys.find((k) => k.id === id);
    if (!key) return false;
    await this.vault.remove(id, key.storage);
    await this.connections.destinations.forget(key);
    this.settings.update((s) => {
      s.keys = s.keys.filter((k) => k.id !== id);
      for (const c of s.connections) if (c.keyId === id) c.keyId = s.keys.find((k) => k.connectionId === c.id)?.id ?? null;
      if (!s.connections.some((c) => c.id === s.activeConnectionId && c.keyId)) s.activeConnectionId = SANDBOX_CONNECTION_ID;
    });
    this.missing.delete(id);
    this.log.info('key removed', { id });
    this.changed();
    return true;
  }

  async test(id: string): Promise<KeyTestResult> {
    const key = this.record(id);
    // Testing is the user acting on this key: a "don't send" earlier this session is asked again.
    this.connections.destinations.forgetRefusals(id);
    const conn = await this.connections.resolve(key.connectionId, id);
    return testKey(conn, this.probe);
  }
}
