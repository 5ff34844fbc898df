import type { SecretStore } from '../deps';
import { MemoryKeychain } from './memoryKeychain';

/** A keychain a test can lock: while locked, every call fails as a locked Secret Service collection does. */
export class LockableKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly inner = new MemoryKeychain();
  locked = false;
  private gate<T>(run: () => Promise<T>): Promise<T> {
    return this.locked ? Promise.reject(new Error('The collection is locked')) : run();
  }
  getPassword = (s: string, a: string) => this.gate(() => this.inner.getPassword(s, a));
  setPassword = (s: string, a: string, p: string) => this.gate(() => this.inner.setPassword(s, a, p));
  deletePassword = (s: string, a: string) => this.gate(() => this.inner.deletePassword(s, a));
  findCredentials = (s: string) => this.gate(() => this.inner.findCredentials(s));
}
