import { create } from 'zustand';
import type { ConnectionInfo, ConnectionStatus, NewConnection } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/result';
import { gen } from '../api';
import { loadAnswer, NOT_LOADED, type LoadState } from './loadAnswer';

interface ConnectionState extends LoadState {
  readonly connections: readonly ConnectionInfo[];
  /** whether the active connection answers */
  readonly status: ConnectionStatus | null;
  load(): Promise<void>;
  /** Keeps the list current as main reports changes; returns the unsubscribe. */
  follow(): () => void;
  add(connection: NewConnection): Promise<IpcResult<ConnectionInfo>>;
  update(id: string, patch: Partial<NewConnection>): Promise<IpcResult<ConnectionInfo>>;
  activate(id: string): Promise<IpcResult<ConnectionInfo>>;
  remove(id: string): Promise<IpcResult<{ removed: boolean }>>;
}

export const useConnectionStore = create<ConnectionState>((set, get) => ({
  ...NOT_LOADED,
  connections: [],
  status: null,
  load: async () => {
    const [result, status] = await Promise.all([gen.connections.list(), gen.connections.status()]);
    set(loadAnswer(result, (connections) => ({ connections })));
    if (status.ok) set({ status: status.value });
  },
  follow: () => {
    const offList = gen.connections.onChanged((connections) => {
      set({ connections, error: null, loaded: true });
      void gen.connections.status().then((s) => s.ok && set({ status: s.value }));
    });
    const offStatus = gen.connections.onStatusChanged((status) => {
      const active = get().connections.find((c) => c.active);
      if (!active || active.id === status.id) set({ status });
    });
    return () => {
      offList();
      offStatus();
    };
  },
  add: (connection) => gen.connections.add(connection),
  update: (id, patch) => gen.connections.update({ id, ...patch }),
  activate: (id) => gen.connections.activate({ id }),
  remove: (id) => gen.connections.remove({ id }),
}));
