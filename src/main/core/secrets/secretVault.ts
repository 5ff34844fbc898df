import type { KeychainStatus } from '../../../shared/ipc/contract';
import { told } from '../../../shared/i18n/say';
import { words } from '../../../shared/i18n/words';
import { systemClock, type Clock, type Logger, type SecretStore } from '../deps';
import { account as said } from '../i18n/accountRefusals';
import { refusedTold, refusedWith } from '../i18n/refusal';
import { KeychainLine, NoAnswer } from './keychainLine';
import { keychainName } from './keychainStore';
import { MemorySecretStore } from './memorySecretStore';
import type { Redactor } from './redactor';

const SECRET_SERVICE_NAME = 'Gen Studio';
/** Where the notes kept beside keys go (see `getNote`): a service name of their own, so they never mix with keys. */
const NOTE_SUFFIX = ' key destinations';
const PROBE_ACCOUNT = 'gen-studio-probe';
/** The longest any keychain call may take: a Secret Service waiting on an unlock prompt never answers at all. */
const KEYCHAIN_TIMEOUT_MS = 5000;

export type SecretStorage = 'keychain' | 'session';

/** A key read from its store: there, not there, or the store did not answer (locked, or no answer in time). */
export type SecretRead = { readonly kind: 'found'; readonly secret: string } | { readonly kind: 'absent' } | { readonly kind: 'unreachable'; readonly locked: boolean };

/** A refusal that names a lock: a Secret Service collection or a macOS keychain that is locked. */
const saysLocked = (error: unknown) => error instanceof NoAnswer || /lock/i.test(error instanceof Error ? error.message : String(error));

/**
 * Where keys live: the OS keychain when one answers, otherwise (and only with the user's consent, per key)
 * this session's memory, as VS Code's secret storage does. Every key that passes through is given to the
 * redactor, so it can be taken out of anything that leaves main.
 */
export class SecretVault {
  private readonly session = new MemorySecretStore();
  private keychainStatus: KeychainStatus;
  private probing: Promise<KeychainStatus> | undefined;
  /** Keys read this session: each is asked of the keychain once, however many tasks wait on it. */
  private readonly known = new Map<string, string>();
  /** Reads on their way, shared by everyone who asks meanwhile. */
  private readonly reading = new Map<string, Promise<SecretRead>>();
  /** Notes read this session (see `getNote`). */
  private readonly notes = new Map<string, string>();
  /** Every call to the keychain goes through it: one at a time, each with the time limit (see `KeychainLine`). */
  private readonly line: KeychainLine;
  private readonly readListeners = new Set<(account: string) => void>();

  constructor(
    private readonly keychain: SecretStore,
    private readonly redactor: Redactor,
    private readonly log: Logger,
    private readonly platform: string,
    private readonly service: string = SECRET_SERVICE_NAME,
    options: { readonly timeoutMs?: number; readonly clock?: Clock } = {},
  ) {
    this.keychainStatus = { available: false, backend: keychainName(platform), ...told(words('main.keychain.checking', { backend: keychainName(platform) })), checking: true };
    this.line = new KeychainLine(options.clock ?? systemClock, options.timeoutMs ?? KEYCHAIN_TIMEOUT_MS);
  }

  /** Calls to the keychain under way or waiting their turn (at most one under way). */
  keychainCalls(): number {
    return this.line.length;
  }

  /** Hears of each key read from the keychain, one the time limit gave up on included, when it answers at last. */
  onRead(listener: (account: string) => void): () => void {
    this.readListeners.add(listener);
    return () => this.readListeners.delete(listener);
  }

  /** A read of one entry: one at a time in the line, joined by the same read asked meanwhile. */
  private keychainRead(service: string, account: string, answered?: (secret: string) => void): Promise<string | null> {
    return this.line.ask(`${service}\n${account}`, async () => {
      const secret = await this.keychain.getPassword(service, account);
      if (secret) answered?.(secret);
      return secret;
    });
  }

  /** The keychain's status once the start-up probe has its answer (at most the time limit). */
  ready(): Promise<KeychainStatus> {
    return (this.probing ??= this.probe());
  }

  /** Asks the keychain for an entry that does not exist: an answer of any kind means it is reachable. */
  probe(): Promise<KeychainStatus> {
    const run = this.probeNow();
    this.probing = run;
    return run;
  }

  private async probeNow(): Promise<KeychainStatus> {
    const backend = keychainName(this.platform);
    if (this.keychain.kind !== 'keychain') {
      this.keychainStatus = {
        available: false,
        backend: 'none',
        ...told(words('main.keychain.none')),
      };
      return this.status();
    }
    try {
      await this.keychainRead(this.service, PROBE_ACCOUNT);
      this.keychainStatus = { available: true, backend, ...told(words('main.keychain.stored', { backend })) };
    } catch (error) {
      this.log.warn('no keychain reachable', { error: error instanceof Error ? error.message : String(error) });
      const said = saysLocked(error)
        ? words('main.keychain.locked', { backend })
        : this.platform === 'linux'
          ? words('main.keychain.noSecretService')
          : words('main.keychain.noAnswer', { backend });
      this.keychainStatus = { available: false, backend, ...told(said) };
    }
    return this.status();
  }

  status(): KeychainStatus {
    return { ...this.keychainStatus };
  }

  async put(account: string, secret: string, storage: SecretStorage): Promise<void> {
    this.redactor.add(secret);
    if (storage === 'session') return this.session.setPassword(this.service, account, secret);
    if (!(await this.ready()).available) throw refusedTold('unavailable', this.keychainStatus);
    try {
      await this.line.ask(null, () => this.keychain.setPassword(this.service, account, secret));
      this.known.set(account, secret);
    } catch (error) {
      if (error instanceof NoAnswer) throw refusedWith('unavailable', said.keychainSilentNothingSaved(this.keychainStatus.backend));
      this.log.error('could not store a key in the keychain', { error: error instanceof Error ? error.message : 'unknown' });
      throw refusedWith('unavailable', said.keychainRefusedKey(this.keychainStatus.backend));
    }
  }

  /**
   * Reads a key: once per session from the keychain (the answer is kept in memory, as the redactor keeps it
   * anyway), one read at a time however many ask, and never longer than the time limit.
   */
  async read(account: string, storage: SecretStorage): Promise<SecretRead> {
    if (storage === 'session') {
      const secret = await this.session.getPassword(this.service, account);
      if (secret) this.redactor.add(secret);
      return secret ? { kind: 'found', secret } : { kind: 'absent' };
    }
    const known = this.known.get(account);
    if (known !== undefined) return { kind: 'found', secret: known };
    let read = this.reading.get(account);
    if (!read) {
      read = this.readKeychain(account).finally(() => this.reading.delete(account));
      this.reading.set(account, read);
    }
    return read;
  }

  private async readKeychain(account: string): Promise<SecretRead> {
    const status = await this.ready();
    // No keychain found at start: asked again, since one locked then may answer now.
    if (!status.available && !(await this.probe()).available) return { kind: 'unreachable', locked: true };
    try {
      // Kept when the keychain answers, even after the time limit: a Secret Service answers once it is unlocked.
      const secret = await this.keychainRead(this.service, account, (found) => {
        this.redactor.add(found);
        this.known.set(account, found);
        for (const listener of this.readListeners) listener(account);
      });
      return secret ? { kind: 'found', secret } : { kind: 'absent' };
    } catch (error) {
      this.log.warn('the keychain did not give a key', { error: error instanceof Error ? error.message : String(error) });
      return { kind: 'unreachable', locked: saysLocked(error) };
    }
  }

  /** Whether the keychain gave this key this session (in time or late). */
  hasRead(account: string): boolean {
    return this.known.has(account);
  }

  /** A key's secret, or null when it cannot be had (see `read` for why). */
  async get(account: string, storage: SecretStorage): Promise<string | null> {
    const read = await this.read(account, storage);
    return read.kind === 'found' ? read.secret : null;
  }

  /**
   * Deletes a key: `removed`, `absent` (nothing was stored: gone already), or `unreachable` when the keychain
   * did not answer (locked, no Secret Service, no answer in time), in which case the key may still be there.
   * Asked even when the start-up probe found no keychain: it may answer now.
   */
  async remove(account: string, storage: SecretStorage): Promise<'removed' | 'absent' | 'unreachable'> {
    if (storage === 'session') return (await this.session.deletePassword(this.service, account)) ? 'removed' : 'absent';
    try {
      const deleted = await this.line.ask(null, () => this.keychain.deletePassword(this.service, account));
      this.known.delete(account);
      if (!this.keychainStatus.available) await this.probe();
      return deleted ? 'removed' : 'absent';
    } catch (error) {
      this.log.warn('the keychain did not delete a key', { error: error instanceof Error ? error.message : String(error) });
      return 'unreachable';
    }
  }

  /**
   * A note kept beside a key, in the same store (the keychain, or this session's memory), under a service name
   * of its own: where the key may be sent. It lives there rather than in the data folder so that whoever can
   * edit the data folder cannot also rewrite it. Not a secret: never given to the redactor.
   */
  async getNote(account: string, storage: SecretStorage): Promise<string | null> {
    const noteService = this.service + NOTE_SUFFIX;
    if (storage === 'session') return this.session.getPassword(noteService, account);
    if (!(await this.ready()).available) return null;
    const known = this.notes.get(account);
    if (known !== undefined) return known;
    const note = await this.keychainRead(noteService, account).catch(() => null);
    // Kept like the keys: each task that resolves a connection does not ask the keychain again.
    if (note !== null) this.notes.set(account, note);
    return note;
  }

  async putNote(account: string, note: string, storage: SecretStorage): Promise<void> {
    const noteService = this.service + NOTE_SUFFIX;
    if (storage === 'session') return this.session.setPassword(noteService, account, note);
    if (!(await this.ready()).available) throw refusedTold('unavailable', this.keychainStatus);
    try {
      await this.line.ask(null, () => this.keychain.setPassword(noteService, account, note));
      this.notes.set(account, note);
    } catch (error) {
      this.log.error('could not store a note in the keychain', { error: error instanceof Error ? error.message : 'unknown' });
      throw refusedWith('unavailable', said.keychainRefusedDestinations(this.keychainStatus.backend));
    }
  }

  async removeNote(account: string, storage: SecretStorage): Promise<void> {
    const noteService = this.service + NOTE_SUFFIX;
    if (storage === 'session') return void (await this.session.deletePassword(noteService, account));
    this.notes.delete(account);
    await this.line.ask(null, () => this.keychain.deletePassword(noteService, account)).catch(() => false);
  }
}
