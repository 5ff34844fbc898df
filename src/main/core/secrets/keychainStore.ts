import { createRequire } from 'node:module';
import type { SecretStore } from '../deps';

/** The part of @napi-rs/keyring this store uses. */
interface KeyringModule {
  AsyncEntry: new (
    service: string,
    account: string,
    options?: { linux?: { store?: 'secret-service' | 'keyutils' } },
  ) => {
    getPassword(): Promise<string | null>;
    setPassword(password: string): Promise<void>;
    deletePassword(): Promise<boolean>;
  };
  findCredentialsAsync(service: string): Promise<Array<{ account: string; password: string }>>;
}

/**
 * keytar's API over @napi-rs/keyring's AsyncEntry. Its own `keytar` module cannot pass entry options, and on
 * Linux the default silently falls back to the kernel keyutils store, which forgets every key at reboot; so
 * each entry here is pinned to the Secret Service, and a machine without one fails loudly instead.
 */
export class KeychainStore implements SecretStore {
  readonly kind = 'keychain' as const;

  private constructor(
    private readonly keyring: KeyringModule,
    private readonly platform: string,
  ) {}

  /** Loads the native module; throws when it has no build for this platform. */
  static load(platform: string = process.platform): KeychainStore {
    const require = createRequire(import.meta.url);
    return new KeychainStore(require('@napi-rs/keyring') as KeyringModule, platform);
  }

  private entry(service: string, account: string) {
    return new this.keyring.AsyncEntry(service, account, this.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined);
  }

  getPassword(service: string, account: string): Promise<string | null> {
    return this.entry(service, account).getPassword();
  }

  setPassword(service: string, account: string, password: string): Promise<void> {
    return this.entry(service, account).setPassword(password);
  }

  deletePassword(service: string, account: string): Promise<boolean> {
    return this.entry(service, account).deletePassword();
  }

  /** Gen Studio keeps its own list of key ids in settings; this is for tools and tests. */
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>> {
    return this.keyring.findCredentialsAsync(service);
  }
}

/** The name users see for the store their keys go to. */
export function keychainName(platform: string): string {
  switch (platform) {
    case 'darwin':
      return 'macOS Keychain';
    case 'win32':
      return 'Windows Credential Manager';
    default:
      return 'Secret Service';
  }
}

/**
 * The OS keychain, or, where the native module cannot load, a store that says so on every call: the vault's
 * probe then reports no keychain and offers this session's memory instead.
 */
export function openKeychain(platform: string = process.platform): SecretStore {
  try {
    return KeychainStore.load(platform);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const refuse = async (): Promise<never> => {
      throw new Error(`the keychain module could not load: ${why}`);
    };
    return { kind: 'keychain', getPassword: refuse, setPassword: refuse, deletePassword: refuse, findCredentials: refuse };
  }
}
