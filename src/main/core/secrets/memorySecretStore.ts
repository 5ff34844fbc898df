import type { SecretStore } from '../deps';

/** Holds secrets for this session only; used when no OS keychain is reachable and the user agrees. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Map<string, string>>();

  async getPassword(service: string, account: string): Promise<string | null> {
    return this.entries.get(service)?.get(account) ?? null;
  }

  async setPassword(service: string, account: string, password: string): Promise<void> {
    let accounts = this.entries.get(service);
    if (!accounts) this.entries.set(service, (accounts = new Map()));
    accounts.set(account, password);
  }

  async deletePassword(service: string, account: string): Promise<boolean> {
    return this.entries.get(service)?.delete(account) ?? false;
  }

  async findCredentials(service: string): Promise<Array<{ account: string; password: string }>> {
    return [...(this.entries.get(service) ?? new Map<string, string>())].map(([account, password]) => ({ account, password }));
  }
}
