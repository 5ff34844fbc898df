import type { KeyService } from '../keys/keyService';
import type { SecretVault } from '../secrets/secretVault';
import type { HandlersFor } from './types';

export function keyHandlers(keys: KeyService, vault: SecretVault): HandlersFor<'keys.list' | 'keys.keychain' | 'keys.add' | 'keys.update' | 'keys.test' | 'keys.activate' | 'keys.remove' | 'keys.retry'> {
  return {
    'keys.list': async () => keys.list(),
    // Bounded by the keychain's time limit: the start-up probe's answer, not "checking".
    'keys.keychain': () => vault.ready(),
    'keys.add': (request) => keys.add(request),
    'keys.update': async ({ id, ...patch }) => keys.update(id, patch),
    'keys.test': ({ id }) => keys.test(id),
    'keys.activate': async ({ id }) => keys.activate(id),
    'keys.remove': ({ id }) => keys.remove(id),
    'keys.retry': () => keys.retry(),
  };
}
