import { readFile, writeFile } from 'node:fs/promises';
import type { SecretStore } from '../../deps';

/** A keychain that outlives the process (the OS keychain's part), kept in a file outside the data folder. */
export class FileKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  constructor(private readonly file: string) {}
  private async all(): Promise<Record<string, string>> {
    return JSON.parse(await readFile(this.file, 'utf8').catch(() => '{}')) as Record<string, string>;
  }
  async getPassword(service: string, account: string) {
    return (await this.all())[`${service}/${account}`] ?? null;
  }
  async setPassword(service: string, account: string, password: string) {
    await writeFile(this.file, JSON.stringify({ ...(await this.all()), [`${service}/${account}`]: password }));
  }
  async deletePassword(service: string, account: string) {
    const all = await this.all();
    const had = `${service}/${account}` in all;
    delete all[`${service}/${account}`];
    await writeFile(this.file, JSON.stringify(all));
    return had;
  }
  async findCredentials(service: string) {
    return Object.entries(await this.all())
      .filter(([k]) => k.startsWith(`${service}/`))
      .map(([k, password]) => ({ account: k.slice(service.length + 1), password }));
  }
}
