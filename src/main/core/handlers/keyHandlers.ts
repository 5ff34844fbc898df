import type { ConnectionService } from '../connections/connectionService';
import type { Connectivity } from '../engine/connectivity';
import type { KeyService } from '../keys/keyService';
import type { SecretVault } from '../secrets/secretVault';
import type { HandlersFor } from './types';

export function keyHandlers(keys: KeyService, vault: SecretVault): HandlersFor<'keys.list' | 'keys.keychain' | 'keys.add' | 'keys.update' | 'keys.test' | 'keys.activate' | 'keys.remove'> {
  return {
    'keys.list': async () => keys.list(),
    'keys.keychain': async () => vault.status(),
    'keys.add': (request) => keys.add(request),
    'keys.update': async ({ id, ...patch }) => keys.update(id, patch),
    'keys.test': ({ id }) => keys.test(id),
    'keys.activate': async ({ id }) => keys.activate(id),
    'keys.remove': ({ id }) => keys.remove(id),
  };
}

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
