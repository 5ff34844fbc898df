import type { ConnectionInfo } from '../../../shared/ipc/contract';

export const selectActiveConnection = (s: { readonly connections: readonly ConnectionInfo[] }): ConnectionInfo | undefined =>
  s.connections.find((c) => c.active);
