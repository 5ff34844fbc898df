import { create } from 'zustand';
import type { ConnectionInfo } from '../../../shared/ipc/contract';
import { gen } from '../api';

interface ConnectionState {
  readonly connections: readonly ConnectionInfo[];
  readonly error: string | null;
  readonly loaded: boolean;
  load(): Promise<void>;
  /** Keeps the list current as main reports changes; returns the unsubscribe. */
  follow(): () => void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  connections: [],
  error: null,
  loaded: false,
  load: async () => {
    const result = await gen.connections.list();
    set(result.ok ? { connections: result.value, error: null, loaded: true } : { error: result.error.message, loaded: true });
  },
  follow: () => gen.connections.onChanged((connections) => set({ connections, error: null, loaded: true })),
}));
