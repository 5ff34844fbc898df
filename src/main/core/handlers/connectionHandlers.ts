import type { ConnectionService } from '../connections/connectionService';
import type { Connectivity } from '../engine/connectivity';
import type { HandlersFor } from './types';

export function connectionHandlers(
  connections: ConnectionService,
  connectivity: Connectivity,
): HandlersFor<'connections.list' | 'connections.active' | 'connections.add' | 'connections.update' | 'connections.activate' | 'connections.remove' | 'connections.status'> {
  return {
    'connections.list': async () => connections.list(),
    'connections.active': async () => connections.active(),
    'connections.add': async (request) => connections.add(request),
    'connections.update': async ({ id, ...patch }) => connections.update(id, patch),
    'connections.activate': async ({ id }) => connections.activate(id),
    'connections.remove': async ({ id }) => ({ removed: connections.remove(id) }),
    'connections.status': async () => connectivity.status(connections.activeId()),
  };
}
