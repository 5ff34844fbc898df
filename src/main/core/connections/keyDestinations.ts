import { account } from '../i18n/accountRefusals';
import { refusedWith } from '../i18n/refusal';
import { hostOf } from './urlPolicy';
import type { Logger } from '../deps';
import type { SecretStorage, SecretVault } from '../secrets/secretVault';
import type { ConfirmKeyDestination, KeyDestinationQuestion } from './keyDestinationQuestion';

export interface KeyRef {
  readonly id: string;
  readonly label: string;
  readonly storage: SecretStorage;
}

interface StoredNote {
  readonly v: 1;
  readonly origins: string[];
}

function parseNote(text: string | null): Set<string> | null {
  if (!text) return null;
  try {
    const note = JSON.parse(text) as Partial<StoredNote>;
    return note.v === 1 && Array.isArray(note.origins) ? new Set(note.origins.filter((o): o is string => typeof o === 'string')) : null;
  } catch {
    return null;
  }
}

/**
 * Where each key may be sent: the origins it was added for, and those the user allowed since, kept beside the
 * key in the keychain (the vault's notes), not in settings.json. A key goes to an origin outside that list only
 * after the user says so in a dialog the main process owns; until then every request that would carry it
 * there is refused. One question at a time, and one per key and address however many tasks are waiting on it.
 */
export class KeyDestinations {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly asking = new Map<string, Promise<boolean>>();
  /** Refused this session: not asked again until the user acts on the key (Test). */
  private readonly declined = new Set<string>();

  constructor(
    private readonly vault: SecretVault,
    private readonly confirm: ConfirmKeyDestination | undefined,
    private readonly log: Logger,
  ) {}

  /** The origins the key may go to; null for a key from before Gen Studio recorded them. */
  async allowed(key: KeyRef): Promise<ReadonlySet<string> | null> {
    return parseNote(await this.vault.getNote(key.id, key.storage));
  }

  /** Adds origins to the key's list (written to the keychain before anything is sent there). */
  async allow(key: KeyRef, origins: Iterable<string>): Promise<void> {
    const next = new Set([...((await this.allowed(key)) ?? []), ...origins]);
    const note: StoredNote = { v: 1, origins: [...next].sort() };
    await this.vault.putNote(key.id, JSON.stringify(note), key.storage);
  }

  async forget(key: KeyRef): Promise<void> {
    await this.vault.removeNote(key.id, key.storage);
    for (const d of [...this.declined]) if (d.startsWith(`${key.id} `)) this.declined.delete(d);
  }

  /** The user acted on the key (Test): a refusal earlier this session no longer stands. */
  forgetRefusals(keyId: string): void {
    for (const d of [...this.declined]) if (d.startsWith(`${keyId} `)) this.declined.delete(d);
  }

  /**
   * Resolves when every origin is one the key may go to, asking the user first about those it may not;
   * throws a `conflict` failure naming the hosts when the user says no (or cannot be asked).
   */
  async require(key: KeyRef, connectionLabel: string, origins: readonly string[]): Promise<void> {
    const known = await this.allowed(key);
    const missing = origins.filter((o) => !known?.has(o));
    if (!missing.length) return;
    const hosts = missing.map(hostOf);
    const question: KeyDestinationQuestion = {
      reason: known ? 'address-changed' : 'not-yet-recorded',
      keyLabel: key.label,
      connectionLabel,
      hosts,
      knownHosts: [...(known ?? [])].map(hostOf),
    };
    if (await this.ask(key, missing, question)) return;
    throw refusedWith('conflict', account.keyNotSent(key.label, hosts, known ? question.knownHosts : null));
  }

  /** Asks whether the key may go to a polling host outside the connection's domain; remembers a yes. */
  async allowPollingHost(key: KeyRef, connectionLabel: string, origin: string, ownDomain: string): Promise<boolean> {
    return this.ask(key, [origin], { reason: 'polling-host', keyLabel: key.label, connectionLabel, hosts: [hostOf(origin)], knownHosts: [ownDomain] });
  }

  private ask(key: KeyRef, origins: readonly string[], question: KeyDestinationQuestion): Promise<boolean> {
    const id = `${key.id} ${[...origins].sort().join(' ')}`;
    if (this.declined.has(id)) return Promise.resolve(false);
    const pending = this.asking.get(id);
    if (pending) return pending;
    const answer = this.queue.then(async () => {
      if (!this.confirm) {
        this.log.warn('a key would go to a new address, and there is no dialog to ask with', { hosts: question.hosts });
        return false;
      }
      let yes = false;
      try {
        yes = (await this.confirm(question)) === true;
      } catch (error) {
        this.log.error('the key destination dialog failed', { error: error instanceof Error ? error.message : String(error) });
      }
      if (yes) await this.allow(key, origins);
      else this.declined.add(id);
      this.log.info(yes ? 'key destination allowed' : 'key destination refused', { key: key.id, hosts: question.hosts });
      return yes;
    });
    this.queue = answer.catch(() => undefined);
    this.asking.set(id, answer);
    void answer.finally(() => this.asking.delete(id)).catch(() => undefined);
    return answer;
  }
}
