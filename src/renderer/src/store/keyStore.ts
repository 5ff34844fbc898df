import { create } from 'zustand';
import type { AddKeyRequest, KeychainStatus, KeyInfo, KeyTestResult } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/result';
import { gen } from '../api';

interface KeyState {
  readonly keys: readonly KeyInfo[];
  readonly keychain: KeychainStatus | null;
  /** the last test of each key, by id */
  readonly tests: Readonly<Record<string, KeyTestResult | { readonly outcome: 'testing' }>>;
  readonly error: string | null;
  load(): Promise<void>;
  follow(): () => void;
  add(request: AddKeyRequest): Promise<IpcResult<KeyInfo>>;
  update(id: string, patch: { label?: string; organization?: string; project?: string }): Promise<IpcResult<KeyInfo>>;
  test(id: string): Promise<void>;
  activate(id: string): Promise<IpcResult<KeyInfo>>;
  remove(id: string): Promise<IpcResult<{ removed: boolean }>>;
  /** Reads again the keys the keychain did not answer for, and asks the keychain's status again. */
  retry(): Promise<void>;
}

export const useKeyStore = create<KeyState>((set, get) => ({
  keys: [],
  keychain: null,
  tests: {},
  error: null,
  load: async () => {
    const [keys, keychain] = await Promise.all([gen.keys.list(), gen.keys.keychain()]);
    set({
      ...(keys.ok ? { keys: keys.value } : { error: keys.error.message }),
      ...(keychain.ok ? { keychain: keychain.value } : {}),
    });
  },
  follow: () => gen.keys.onChanged((keys) => set({ keys })),
  add: (request) => gen.keys.add(request),
  update: (id, patch) => gen.keys.update({ id, ...patch }),
  test: async (id) => {
    set({ tests: { ...get().tests, [id]: { outcome: 'testing' } } });
    const result = await gen.keys.test({ id });
    set({
      tests: {
        ...get().tests,
        [id]: result.ok ? result.value : { outcome: 'inconclusive', message: result.error.message, credits: null },
      },
    });
  },
  activate: (id) => gen.keys.activate({ id }),
  remove: (id) => gen.keys.remove({ id }),
  retry: async () => {
    const keys = await gen.keys.retry();
    const keychain = await gen.keys.keychain();
    set({ ...(keys.ok ? { keys: keys.value, error: null } : { error: keys.error.message }), ...(keychain.ok ? { keychain: keychain.value } : {}) });
  },
}));
