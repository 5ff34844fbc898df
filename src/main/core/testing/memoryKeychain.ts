import type { SecretStore } from '../deps';
import { MemorySecretStore } from '../secrets/memorySecretStore';

/** Behaves as a reachable OS keychain, kept in memory: for tests that are not about the keychain itself. */
export class MemoryKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  private readonly inner = new MemorySecretStore();
  getPassword = (s: string, a: string) => this.inner.getPassword(s, a);
  setPassword = (s: string, a: string, p: string) => this.inner.setPassword(s, a, p);
  deletePassword = (s: string, a: string) => this.inner.deletePassword(s, a);
  findCredentials = (s: string) => this.inner.findCredentials(s);
}
