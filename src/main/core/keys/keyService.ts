import { randomUUID } from 'node:crypto';
import type { AddKeyRequest, KeyInfo, KeyTestResult } from '../../../shared/ipc/contract';
import { AddKeySchema } from '../../../shared/ipc/contract';
import { english } from '../../../shared/i18n/say';
import { words, type Words } from '../../../shared/i18n/words';
import { SANDBOX_CONNECTION_ID } from '../../../shared/connections/builtinIds';
import { cleanConnectionInput, type ConnectionService } from '../connections/connectionService';
import type { Logger, TimerHandle } from '../deps';
import { account } from '../i18n/accountRefusals';
import { refusedTold, refusedWith } from '../i18n/refusal';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { SecretVault } from '../secrets/secretVault';
import type { KeyRecord } from '../settings/schema';
import type { SettingsService } from '../settings/settingsService';
import { noticeWords } from '../notices/noticeWords';
import { testKey, type ProbeDeps } from './keyProbe';

const hintOf = (secret: string) => secret.slice(-4);

/**
 * Named keys: a label, the organization and project as the user typed them, and the last four characters.
 * The key itself goes to the vault under the record's id and never comes back out through this service.
 */
/** How often a removal the keychain did not answer is tried again. */
export const REMOVAL_RETRY_MS = 30_000;

/** Where reading a key stands: its absence from this map means it was read. */
type KeyReading = 'reading' | 'missing' | 'unreachable';

export class KeyService {
  private readonly reading = new Map<string, KeyReading>();
  /** Keys read this session. */
  private readonly read = new Set<string>();
  private readRound: Promise<void> | undefined;
  private retryTimer: TimerHandle | undefined;
  private retrying: Promise<void> | undefined;
  private disposed = false;
  private readonly stopHearing: () => void;

  constructor(
    private readonly settings: SettingsService,
    private readonly vault: SecretVault,
    private readonly connections: ConnectionService,
    private readonly probe: ProbeDeps,
    private readonly notices: NoticeBoard,
    private readonly log: Logger,
    private readonly changed: () => void,
  ) {
    this.stopHearing = vault.onRead((id) => this.readLate(id));
  }

  /** A key the time limit gave up on, answered at last (the keychain was unlocked): usable without a Retry. */
  private readLate(id: string): void {
    if (this.disposed || this.reading.get(id) !== 'unreachable') return;
    this.reading.delete(id);
    this.read.add(id);
    this.changed();
    // The keychain answers again: the other keys it did not answer for are read now, without a Retry.
    void this.readKeys();
  }

  /**
   * Session-only keys from the last run are gone: drop their records, saying so. Keychain keys are read once,
   * so a key removed outside the app shows; but not waited for: a keychain stuck on an unlock prompt never
   * answers, and the window must open anyway. Each read has the vault's time limit; keys it could not read are
   * named in a notice, with what to do (see `retry`).
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
      this.notices.add('info', noticeWords.sessionKeysGone(gone.map((k) => k.label)));
    }
    void this.readKeys();
    // Removals the keychain did not answer last time are tried again now, without holding up the start.
    if (this.settings.get().keys.some((k) => k.removalPending)) this.scheduleRetry(0);
  }

  /** Reads every key not read yet (all at once: the vault asks the keychain once per key); resolves when done. */
  readKeys(): Promise<void> {
    return (this.readRound ??= this.readRoundNow().finally(() => (this.readRound = undefined)));
  }

  private async readRoundNow(): Promise<void> {
    const pending = this.settings.get().keys.filter((k) => !k.removalPending && !this.read.has(k.id));
    if (pending.length === 0) return;
    for (const k of pending) this.reading.set(k.id, 'reading');
    this.changed();
    const outcomes = await Promise.all(pending.map(async (k) => [k, await this.vault.read(k.id, k.storage)] as const));
    if (this.disposed) return;
    for (const [k, outcome] of outcomes) {
      // A read the time limit gave up on may have been answered while the others still waited.
      if (outcome.kind === 'found' || (outcome.kind === 'unreachable' && this.vault.hasRead(k.id))) {
        this.reading.delete(k.id);
        this.read.add(k.id);
      } else this.reading.set(k.id, outcome.kind === 'absent' ? 'missing' : 'unreachable');
    }
    const waiting = outcomes.filter(([k, o]) => o.kind === 'unreachable' && !this.read.has(k.id)).map(([k]) => k.label);
    if (waiting.length) {
      this.notices.add('warning', noticeWords.keysWaiting(this.keychainWords(), waiting));
    }
    this.changed();
  }

  /** Reads again the keys the keychain did not answer for (the user unlocked it and pressed Retry). */
  async retry(): Promise<KeyInfo[]> {
    if (!this.vault.status().available) await this.vault.probe();
    await this.readKeys();
    return this.list();
  }

  /** What to tell the user when the keychain did not answer. */
  keychainWords(): Words {
    return words('main.key.keychainSilent', { backend: this.vault.status().backend });
  }

  /** A key's problem in words, and their English. */
  private problemWords(k: KeyRecord): Pick<KeyInfo, 'problem' | 'problemWords'> {
    const problem = k.removalPending ? null : this.problemOf(k);
    return problem ? { problem: english(problem), problemWords: problem } : { problem: null };
  }

  private problemOf(k: KeyRecord): Words | null {
    const backend = this.vault.status().backend;
    switch (this.reading.get(k.id)) {
      case 'reading':
        return words('main.keychain.checking', { backend });
      case 'unreachable':
        return this.keychainWords();
      case 'missing':
        return k.storage === 'session' ? words('main.key.sessionGone') : words('main.key.notInKeychain', { backend });
      default:
        return null;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.stopHearing();
    if (this.retryTimer !== undefined) this.probe.clock.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
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
      active: !k.removalPending && connection?.keyId === k.id && s.activeConnectionId === k.connectionId,
      available: !this.reading.has(k.id),
      reading: this.reading.get(k.id) ?? 'read',
      ...this.problemWords(k),
      ...(k.removalPending ? { removalPending: true } : {}),
    };
  }

  private record(id: string): KeyRecord {
    const found = this.settings.get().keys.find((k) => k.id === id);
    if (!found) throw refusedWith('not-found', account.noSuchKey);
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
        throw refusedWith('validation', account.looksLikeKey, [{ loc: ['body', field], msg: english(account.looksLikeKey), type: 'value_error' }]);
      }
    }
    const storage = input.sessionOnly ? 'session' : 'keychain';
    if (storage === 'keychain' && !(await this.vault.ready()).available) {
      throw refusedTold('unavailable', this.vault.status());
    }
    const connectionId = 'id' in input.connection ? input.connection.id : undefined;
    if (connectionId !== undefined && !this.settings.get().connections.some((c) => c.id === connectionId)) {
      throw refusedWith('not-found', account.connectionGone);
    }
    if ('create' in input.connection) cleanConnectionInput(input.connection.create);
    const id = randomUUID();
    // The key goes to the vault first: a record without its key would be worse than no record.
    await this.vault.put(id, secret, storage);
    this.read.add(id);
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
    const problem = this.reading.has(id) ? this.problemOf(key) : null;
    if (problem) throw refusedWith('unavailable', account.keyProblem(key.label, problem));
    if (key.removalPending) throw refusedWith('conflict', account.removedCannotUse(key.label));
    this.settings.update((s) => {
      const connection = s.connections.find((c) => c.id === key.connectionId);
      if (!connection) throw refusedWith('not-found', account.connectionOfKeyGone);
      connection.keyId = id;
      s.activeConnectionId = connection.id;
    });
    this.changed();
    return this.info(this.record(id));
  }

  /**
   * Removes a key. When the keychain does not answer (locked, or gone), the key is no longer used at once, but
   * its record stays, marked "removal pending", and the deletion is tried again until the keychain answers:
   * answering "removed" while the secret stays in the keychain would be untrue. Removing a pending key again
   * tries at once.
   */
  async remove(id: string): Promise<{ removed: boolean; pending?: boolean }> {
    const key = this.settings.get().keys.find((k) => k.id === id);
    if (!key) return { removed: false };
    const outcome = await this.vault.remove(id, key.storage);
    if (outcome === 'unreachable') {
      if (!key.removalPending) {
        this.settings.update((s) => {
          s.keys.find((k) => k.id === id)!.removalPending = true;
          this.detach(s, id);
        });
        const backend = this.vault.status().backend;
        this.notices.add('warning', noticeWords.keyRemovalPending(key.label, backend));
        this.log.warn('key removal pending', { id });
        this.changed();
      }
      this.scheduleRetry(REMOVAL_RETRY_MS);
      return { removed: false, pending: true };
    }
    await this.forget(key);
    if (key.removalPending) this.notices.add('info', noticeWords.keyDeleted(key.label, this.vault.status().backend));
    return { removed: true };
  }

  /** The key's record goes, and every connection that used it moves to another of its keys, or none. */
  private async forget(key: KeyRecord): Promise<void> {
    await this.connections.destinations.forget(key);
    this.settings.update((s) => {
      s.keys = s.keys.filter((k) => k.id !== key.id);
      this.detach(s, key.id);
    });
    this.reading.delete(key.id);
    this.read.delete(key.id);
    this.log.info('key removed', { id: key.id });
    this.changed();
  }

  private detach(s: ReturnType<SettingsService['get']>, id: string): void {
    const usable = (k: KeyRecord) => k.id !== id && !k.removalPending;
    for (const c of s.connections) if (c.keyId === id) c.keyId = s.keys.find((k) => k.connectionId === c.id && usable(k))?.id ?? null;
    if (!s.connections.some((c) => c.id === s.activeConnectionId && c.keyId)) s.activeConnectionId = SANDBOX_CONNECTION_ID;
  }

  private scheduleRetry(ms: number): void {
    if (this.disposed || this.retryTimer !== undefined) return;
    this.retryTimer = this.probe.clock.setTimeout(() => {
      this.retryTimer = undefined;
      this.retrying ??= this.retryPending().finally(() => (this.retrying = undefined));
    }, ms);
  }

  /** Tries every pending removal once; what the keychain still does not answer waits for the next round. */
  private async retryPending(): Promise<void> {
    for (const key of this.settings.get().keys.filter((k) => k.removalPending)) {
      if (this.disposed) return;
      await this.remove(key.id);
    }
  }

  async test(id: string): Promise<KeyTestResult> {
    const key = this.record(id);
    if (key.removalPending) throw refusedWith('conflict', account.removedNotTested(key.label));
    // Testing is the user acting on this key: a "don't send" earlier this session is asked again.
    this.connections.destinations.forgetRefusals(id);
    const conn = await this.connections.resolve(key.connectionId, id);
    return testKey(conn, this.probe);
  }
}
