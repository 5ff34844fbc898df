import type { SecretStore } from '../deps';
import { MemoryKeychain } from './memoryKeychain';

/**
 * A keychain a test can make stop answering, as a Secret Service stuck on a pending unlock prompt does: while
 * `hung`, every call waits for ever; while `locked`, every call is refused as a locked collection refuses.
 * Counts the reads of each entry (`service/account`).
 */
export class HangingKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly inner = new MemoryKeychain();
  hung = false;
  locked = false;
  readonly reads = new Map<string, number>();
  private gate<T>(run: () => Promise<T>): Promise<T> {
    if (this.locked) return Promise.reject(new Error('The collection is locked'));
    return this.hung ? new Promise<T>(() => undefined) : run();
  }
  getPassword = (s: string, a: string) => {
    this.reads.set(`${s}/${a}`, (this.reads.get(`${s}/${a}`) ?? 0) + 1);
    return this.gate(() => this.inner.getPassword(s, a));
  };
  setPassword = (s: string, a: string, p: string) => this.gate(() => this.inner.setPassword(s, a, p));
  deletePassword = (s: string, a: string) => this.gate(() => this.inner.deletePassword(s, a));
  findCredentials = (s: string) => this.gate(() => this.inner.findCredentials(s));
}
