import type { KeychainStatus } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import type { Logger, SecretStore } from '../deps';
import { keychainName } from './keychainStore';
import { MemorySecretStore } from './memorySecretStore';
import type { Redactor } from './redactor';

const SECRET_SERVICE_NAME = 'Gen Studio';
/** Where the notes kept beside keys go (see `getNote`): a service name of their own, so they never mix with keys. */
const NOTE_SUFFIX = ' key destinations';
const PROBE_ACCOUNT = 'gen-studio-probe';
const PROBE_TIMEOUT_MS = 5000;

export type SecretStorage = 'keychain' | 'session';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the keychain did not answer')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Where keys live: the OS keychain when one answers, otherwise (and only with the user's consent, per key)
 * this session's memory, as VS Code's secret storage does. Every key that passes through is given to the
 * redactor, so it can be taken out of anything that leaves main.
 */
export class SecretVault {
  private readonly session = new MemorySecretStore();
  private keychainStatus: KeychainStatus;

  constructor(
    private readonly keychain: SecretStore,
    private readonly redactor: Redactor,
    private readonly log: Logger,
    private readonly platform: string,
    private readonly service: string = SECRET_SERVICE_NAME,
  ) {
    this.keychainStatus = { available: false, backend: keychainName(platform), message: 'Not checked yet.' };
  }

  /** Asks the keychain for an entry that does not exist: an answer of any kind means it is reachable. */
  async probe(): Promise<KeychainStatus> {
    const backend = keychainName(this.platform);
    if (this.keychain.kind !== 'keychain') {
      this.keychainStatus = {
        available: false,
        backend: 'none',
        message: 'This build of Gen Studio has no keychain. A key can be kept in memory for this session only.',
      };
      return this.status();
    }
    try {
      await withTimeout(this.keychain.getPassword(this.service, PROBE_ACCOUNT), PROBE_TIMEOUT_MS);
      this.keychainStatus = { available: true, backend, message: `Keys are stored in the ${backend}.` };
    } catch (error) {
      this.log.warn('no keychain reachable', { error: error instanceof Error ? error.message : String(error) });
      const where =
        this.platform === 'linux'
          ? 'Gen Studio looked for a Secret Service (GNOME Keyring, KWallet or KeePassXC) on the session bus and found none'
          : `the ${backend} did not answer`;
      this.keychainStatus = {
        available: false,
        backend,
        message: `No keychain is reachable: ${where}. You can keep a key in memory for this session only; it is forgotten when Gen Studio quits.`,
      };
    }
    return this.status();
  }

  status(): KeychainStatus {
    return { ...this.keychainStatus };
  }

  async put(account: string, secret: string, storage: SecretStorage): Promise<void> {
    this.redactor.add(secret);
    if (storage === 'session') return this.session.setPassword(this.service, account, secret);
    if (!this.keychainStatus.available) throw new IpcFailure('unavailable', this.keychainStatus.message);
    try {
      await this.keychain.setPassword(this.service, account, secret);
    } catch (error) {
      this.log.error('could not store a key in the keychain', { error: error instanceof Error ? error.message : 'unknown' });
      throw new IpcFailure('unavailable', `The ${this.keychainStatus.backend} refused to store the key. Nothing was saved.`);
    }
  }

  async get(account: string, storage: SecretStorage): Promise<string | null> {
    const secret =
      storage === 'session'
        ? await this.session.getPassword(this.service, account)
        : this.keychainStatus.available
          ? await this.keychain.getPassword(this.service, account).catch(() => null)
          : null;
    if (secret) this.redactor.add(secret);
    return secret;
  }

  /**
   * Deletes a key: `removed`, `absent` (nothing was stored: gone already), or `unreachable` when the keychain
   * did not answer (locked, no Secret Service, no answer in time), in which case the key may still be there.
   * Asked even when the start-up probe found no keychain: it may answer now.
   */
  async remove(account: string, storage: SecretStorage): Promise<'removed' | 'absent' | 'unreachable'> {
    if (storage === 'session') return (await this.session.deletePassword(this.service, account)) ? 'removed' : 'absent';
    try {
      const deleted = await withTimeout(this.keychain.deletePassword(this.service, account), PROBE_TIMEOUT_MS);
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
    if (!this.keychainStatus.available) return null;
    return this.keychain.getPassword(noteService, account).catch(() => null);
  }

  async putNote(account: string, note: string, storage: SecretStorage): Promise<void> {
    const noteService = this.service + NOTE_SUFFIX;
    if (storage === 'session') return this.session.setPassword(noteService, account, note);
    if (!this.keychainStatus.available) throw new IpcFailure('unavailable', this.keychainStatus.message);
    try {
      await this.keychain.setPassword(noteService, account, note);
    } catch (error) {
      this.log.error('could not store a note in the keychain', { error: error instanceof Error ? error.message : 'unknown' });
      throw new IpcFailure('unavailable', `The ${this.keychainStatus.backend} refused to store where the key may be sent. Nothing was saved.`);
    }
  }

  async removeNote(account: string, storage: SecretStorage): Promise<void> {
    const noteService = this.service + NOTE_SUFFIX;
    if (storage === 'session') return void (await this.session.deletePassword(noteService, account));
    await this.keychain.deletePassword(noteService, account).catch(() => false);
  }
}
