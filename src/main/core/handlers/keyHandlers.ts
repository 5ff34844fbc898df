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
    'keys.remove': async ({ id }) => ({ removed: await keys.remove(id) }),
  };
}
