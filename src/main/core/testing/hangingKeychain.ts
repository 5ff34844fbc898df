import type { SecretStore } from '../deps';
import { MemoryKeychain } from './memoryKeychain';

/**
 * A keychain a test can make stop answering, as a Secret Service stuck on a pending unlock prompt does: while
 * `hung`, every call waits, and answers once `hung` is set back to false (the prompt answered); while `locked`,
 * every call is refused as a locked collection refuses. Counts the reads of each entry (`service/account`), and
 * the calls under way at once: each would hold one of Node's few worker threads in the real keychain module.
 */
export class HangingKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly inner = new MemoryKeychain();
  locked = false;
  /** Only reads of entries that exist wait: a locked collection answers a search, a secret waits on the prompt. */
  hangsStoredReads = false;
  readonly reads = new Map<string, number>();
  /** Calls asked and not answered yet. */
  underWay = 0;
  /** The most calls ever under way at once. */
  mostUnderWay = 0;
  private parked: Array<() => void> = [];
  private readonly stored = new Set<string>();
  private hanging = false;

  get hung(): boolean {
    return this.hanging;
  }

  set hung(hung: boolean) {
    this.hanging = hung;
    if (!hung) this.answer();
  }

  /** The unlock prompt answered: every waiting call goes on, and no call waits any more. */
  answer(): void {
    this.hanging = false;
    this.hangsStoredReads = false;
    for (const go of this.parked.splice(0)) go();
  }

  private async gate<T>(run: () => Promise<T>, storedRead = false): Promise<T> {
    if (this.locked) throw new Error('The collection is locked');
    this.underWay++;
    this.mostUnderWay = Math.max(this.mostUnderWay, this.underWay);
    try {
      if (this.hanging || (storedRead && this.hangsStoredReads)) await new Promise<void>((go) => this.parked.push(go));
      return await run();
    } finally {
      this.underWay--;
    }
  }

  getPassword = (s: string, a: string) => {
    this.reads.set(`${s}/${a}`, (this.reads.get(`${s}/${a}`) ?? 0) + 1);
    return this.gate(() => this.inner.getPassword(s, a), this.stored.has(`${s}/${a}`));
  };
  setPassword = (s: string, a: string, p: string) => this.gate(async () => (await this.inner.setPassword(s, a, p), void this.stored.add(`${s}/${a}`)));
  deletePassword = (s: string, a: string) => this.gate(async () => (this.stored.delete(`${s}/${a}`), this.inner.deletePassword(s, a)));
  findCredentials = (s: string) => this.gate(() => this.inner.findCredentials(s));
}
